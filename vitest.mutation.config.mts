import { defineConfig } from 'vitest/config'

/**
 * The suites that exercise sync/ and collection/, for Stryker: each mutant runs only the tests
 * that cover it, so a narrow, node-only set keeps a run within the hour on two cores.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/sync/**/*.test.ts', 'test/collection/**/*.test.ts'],
    testTimeout: 30000,
    hookTimeout: 60000
  }
})
