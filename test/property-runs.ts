/**
 * How many cases every property test (fast-check) tries, from one place: each test states the count
 * it runs at factor 1 and calls `runs(count)`; STUDBOOK_PROPERTY_RUNS scales them all at once.
 *
 *   STUDBOOK_PROPERTY_RUNS=0.1 npm test      a quick pass on a busy machine
 *   STUDBOOK_PROPERTY_RUNS=10 npx vitest run test/service     a deeper search before a release
 *
 * Unset, the factor is CI_FACTOR under CI (the `CI` variable set) and LOCAL_FACTOR otherwise; both
 * keep the counts the suite has always run, so CI's 20-minute budget and its power to find a case
 * stay as they were. A failure prints fast-check's seed and path; replay() reads them back.
 */

const CI_FACTOR = 1
const LOCAL_FACTOR = 1

/** The factor in force: STUDBOOK_PROPERTY_RUNS, or the default for where the suite runs. */
export function runsFactor(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['STUDBOOK_PROPERTY_RUNS']
  if (raw === undefined || raw.trim() === '') {
    return env['CI'] === undefined || env['CI'] === '' ? LOCAL_FACTOR : CI_FACTOR
  }
  const factor = Number(raw)
  // A typo must not quietly run nothing (or forever): refuse it where the suite starts.
  if (!Number.isFinite(factor) || factor <= 0 || factor > 1000) {
    throw new Error(`STUDBOOK_PROPERTY_RUNS must be a number in (0, 1000], not ${raw}`)
  }
  return factor
}

/** `count` (the test's number at factor 1) scaled by the factor in force; never below one run. */
export function runs(count: number, env: NodeJS.ProcessEnv = process.env): number {
  return Math.max(1, Math.round(count * runsFactor(env)))
}

/**
 * fast-check's replay of a printed failure, for every property test at once (test/property-setup.ts
 * hands it to fc.configureGlobal): STUDBOOK_PROPERTY_SEED is the printed seed and
 * STUDBOOK_PROPERTY_PATH the printed path, which goes straight to the shrunk counterexample.
 */
export function replay(env: NodeJS.ProcessEnv = process.env): {
  seed?: number
  path?: string
  endOnFailure?: boolean
} {
  const raw = env['STUDBOOK_PROPERTY_SEED']
  if (raw === undefined || raw.trim() === '') return {}
  const seed = Number(raw)
  // A typo would otherwise run a random seed and "pass": refuse it where the suite starts.
  if (!Number.isInteger(seed))
    throw new Error(`STUDBOOK_PROPERTY_SEED must be an integer, not ${raw}`)
  const path = env['STUDBOOK_PROPERTY_PATH']
  return path === undefined || path.trim() === ''
    ? { seed }
    : { seed, path: path.trim(), endOnFailure: true }
}
