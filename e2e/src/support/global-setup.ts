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

export async function setup(project: TestProject) {
  product = await startProduct();
  project.provide('baseUrl', product.baseUrl);
  project.provide('adminEmail', product.adminEmail);
  project.provide('adminPassword', product.adminPassword);
}

export async function teardown() {
  await product?.stop();
}
