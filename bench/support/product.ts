import { accountsApi, KIT_ADMIN, startProduct, type ProductTarget } from '@tht/test-kit';

export interface BenchProduct extends ProductTarget {
  accounts: ReturnType<typeof accountsApi>;
  /** The DATA_DIR of a product this benchmark started (absent for BENCH_BASE_URL). */
  dataDir?: string;
  stop(): Promise<void>;
}

/**
 * The product a benchmark measures: the one at BENCH_BASE_URL (its start-up admin from
 * BENCH_ADMIN_EMAIL / BENCH_ADMIN_PASSWORD, defaulting to the harness's), else a fresh one started
 * as `npm start` does, on a fresh DATA_DIR, stopped by `stop()`.
 */
export async function benchProduct(): Promise<BenchProduct> {
  const externalUrl = process.env.BENCH_BASE_URL;
  if (externalUrl) {
    const target = {
      baseUrl: externalUrl.replace(/\/+$/, ''),
      adminEmail: process.env.BENCH_ADMIN_EMAIL ?? KIT_ADMIN.email,
      adminPassword: process.env.BENCH_ADMIN_PASSWORD ?? KIT_ADMIN.password,
    };
    console.log(`Measuring the product at ${target.baseUrl}`);
    return { ...target, accounts: accountsApi(target), stop: async () => {} };
  }
  console.log('Starting the product as `npm start` does (fresh DATA_DIR)...');
  const product = await startProduct();
  return { ...product, accounts: accountsApi(product), stop: () => product.stop() };
}

/** Runs `measure` against a product and always stops the one it started; exits non-zero on failure. */
export async function runBenchmark(name: string, measure: (product: BenchProduct) => Promise<void>): Promise<void> {
  const product = await benchProduct();
  try {
    await measure(product);
  } catch (error) {
    console.error(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  } finally {
    await product.stop();
  }
}
