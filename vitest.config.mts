import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'contracts/**/*.test.ts',
      'main/**/*.test.ts',
      'renderer/**/*.test.ts',
      'preload/**/*.test.ts',
      'build/**/*.test.ts',
      'bench/**/*.test.ts',
      'e2e/harness/**/*.test.ts',
    ],
    // Real ptys and process trees on a 2-core machine: keep parallelism modest.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
