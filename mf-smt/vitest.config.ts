import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mf-smt',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Rendering in jsdom is slow on the shared 2-core machine.
    testTimeout: 20_000,
  },
});
