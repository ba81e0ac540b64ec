import { defineConfig } from 'vitest/config'

/**
 * The suites that exercise sync/ and collection/, for Stryker: each mutant runs only the tests
 * that cover it, so a narrow, node-only set keeps a run within the hour on two cores.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/sync/**/*.test.ts', 'test/collection/**/*.test.ts'],
    // As generous as the main config's: the dry run runs every test once, at whatever load the
    // machine is under (a 30 s limit failed a catalogue pull test at load 15, ending the run).
    testTimeout: 90000,
    hookTimeout: 60000
  }
})
