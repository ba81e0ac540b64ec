/**
 * The suite's only wall-clock limits, generous on purpose: a hung test still fails, and a loaded
 * machine does not. Quiet, the longest test takes ~40 s (a kill loop's seed); at load 8 on two
 * cores a test runs 3-5× as long, and limits of 10-120 s set test by test failed at load 10-12.
 */

/** The most one test or hook may take (both Vitest configs). */
export const LIMIT_MS = 300_000

/**
 * The limit of the few tests long by design (the largest property runs, a kill loop over a bulk
 * edit, a backup of a large collection), each of which names it: ~40-90 s quiet.
 */
export const LONG_LIMIT_MS = 600_000

/**
 * The most one wait inside a test may take: a poll, a page wait, a wait for the app to settle.
 * Shorter than the test's limit, so a condition that never comes is named by the wait that gave up.
 */
export const WAIT_MS = 240_000
