import { defineConfig } from 'vitest/config';

// One vitest run over every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // One embedded PostgreSQL per worker for the run; each test file makes its own database in its worker's.
    globalSetup: ['packages/postgres/src/test-support/shared-test-cluster.ts'],
    // Two test files at a time even on 2 cores (vitest's default there is 1): most of a file's
    // time is spent waiting on PostgreSQL and on the processes it starts.
    maxWorkers: 2,
    projects: [
      'packages/*/vitest.config.ts',
      'api/vitest.config.ts',
      'projections/vitest.config.ts',
      {
        test: {
          // The shell, the remotes and packages/ui: components in happy-dom.
          name: 'front-ends',
          environment: 'happy-dom',
          // Each file gets its own modules (vitest's default): shared module state (a lazily loaded
          // chart, the remote registry, caches) would make a file's result depend on the files run
          // before it in the same worker. Tried without: the charts' loading state was already gone.
          include: ['{shell,mf-*,packages/ui}/src/**/*.test.{ts,tsx}'],
          setupFiles: ['packages/ui/src/testing/setup.ts'],
          // Rendering and typing in happy-dom are slow on the shared 2-core machine.
          testTimeout: 20_000,
        },
      },
      // The import boundaries of eslint.config.mjs.
      // Each case lints a file with the whole config (the import-circle rule reads the graph it reaches).
      { test: { name: 'lint-config', environment: 'node', include: ['eslint.config.test.ts'], testTimeout: 60_000 } },
      // Every relative link of the README and docs/ leads to a file (and heading) that exists.
      { test: { name: 'docs', environment: 'node', include: ['docs/*.test.ts'] } },
    ],
  },
});
