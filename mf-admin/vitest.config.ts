import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mf-admin',
    environment: 'happy-dom',
    // One module cache per worker across test files (each file still gets its own happy-dom window): about half the run's time.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../packages/ui/src/testing/setup.ts'],
    // Typing through user-event in happy-dom is slow on the shared 2-core machine.
    testTimeout: 20_000,
  },
});
