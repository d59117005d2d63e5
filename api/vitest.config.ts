import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each test file starts a real app on its own database; leave room for PostgreSQL start-up.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
