import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/integration/**/*.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each integration file boots its own server and embedded database; two cores fit two at once.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
