// Mutation testing of the modules that guard the user's edits (`npm run test:mutation`): the
// outbox, the journal, the edit path and the sync that drains them. Not part of CI: on two cores a
// whole run takes hours, so scripts/mutation.mjs runs it one part at a time and sums the parts'
// reports. The score goes in docs/benchmarks.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.mts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/main/sync/**/*.ts',
    'src/main/collection/**/*.ts',
    '!src/main/**/index.ts',
    '!src/main/**/*-types.ts'
  ],
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 10000,
  // The first run goes through every test of both suites once: 3-4 minutes on a quiet machine,
  // past Stryker's 5-minute default at load 20, which ended the run before any mutant.
  dryRunTimeoutMinutes: 45,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'test-results/mutation/mutation.json' },
  htmlReporter: { fileName: 'test-results/mutation/index.html' },
  tempDirName: '.stryker-tmp',
  ignorePatterns: [
    '.tools',
    'out',
    'dist',
    'test-results',
    'bench/.data',
    '.studbook-data',
    'test/e2e'
  ],
  thresholds: { high: 80, low: 60, break: null }
}
