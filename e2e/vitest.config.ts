import { defineConfig } from 'vitest/config';

// Browser tests against the product started exactly as `npm start` starts it.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.test.ts'],
    globalSetup: ['src/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
