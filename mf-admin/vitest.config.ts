import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mf-admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../packages/ui/src/testing/setup.ts'],
    // Typing through user-event in jsdom is slow on the shared 2-core machine.
    testTimeout: 20_000,
  },
});
