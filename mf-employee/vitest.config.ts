import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mf-employee',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
  },
});
