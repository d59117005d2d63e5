import type { TestProject } from 'vitest/node';
import { startProduct, type RunningProduct } from './product';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
  }
}

let product: RunningProduct | undefined;

/**
 * Starts the product once per run, as `npm start` does. E2E_BASE_URL points the run at a product
 * already running instead (its start-up admin must be E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD, by
 * default the harness's), which saves the start-up while working on a test.
 */
export async function setup(project: TestProject) {
  const external = process.env.E2E_BASE_URL;
  const target = external
    ? {
        baseUrl: external.replace(/\/+$/, ''),
        adminEmail: process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com',
        adminPassword: process.env.E2E_ADMIN_PASSWORD ?? 'Admin-password-1',
      }
    : (product = await startProduct());
  project.provide('baseUrl', target.baseUrl);
  project.provide('adminEmail', target.adminEmail);
  project.provide('adminPassword', target.adminPassword);
}

export async function teardown() {
  await product?.stop();
}
