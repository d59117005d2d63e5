import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mf-hr',
    environment: 'jsdom',
    // One module cache per worker across test files (each file still gets its own jsdom): about half the run's time.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Rendering and typing in jsdom are slow on the shared 2-core machine.
    testTimeout: 20_000,
  },
});
