import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'eventstore',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A cluster of its own per test process, not the run's shared one: the log is read up to the
    // oldest transaction still running anywhere on the server (transaction ids are server-wide), so
    // other test files' long transactions would hold back the reads these tests make at once.
    env: { THT_TEST_POSTGRES_URL: '' },
  },
});
