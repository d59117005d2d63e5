import { inject } from 'vitest';
import { accountsApi, type ProductTarget } from '@tht/test-kit';

/** The product global-setup started for this run (one per `npm run test -w e2e`). */
export const testProduct: ProductTarget = {
  baseUrl: inject('baseUrl'),
  adminEmail: inject('adminEmail'),
  adminPassword: inject('adminPassword'),
};

/** Account set-up against the product under test; one admin sign-in per test file. */
export const accounts = accountsApi(testProduct);
