import { closedAfterEach } from '../closed-after-each'
import { importProfile } from './import-profile'
import { exchangeHarness } from './store-fixtures'

/**
 * Exchange fixtures that last one test (closed after it, test/closed-after-each.ts). They live
 * apart from store-fixtures.ts, which imports no vitest, so benchmarks run under tsx can use the
 * fixtures themselves (bench/stall-hostile.ts).
 *
 * At the top of a file, `const exchange = exchangeEachTest()`; in a test,
 * `const t = await exchange()`.
 */
export const exchangeEachTest = () => closedAfterEach(exchangeHarness)

/**
 * Import profiles (import-profile.ts) that last one test. At the top of a file,
 * `const profile = importProfileEachTest()`; in a test, `const { h, x } = await profile(2_000)`.
 */
export const importProfileEachTest = () =>
  closedAfterEach(async (sets: number) => {
    const p = await importProfile(sets)
    return Object.assign(p, {
      close: () => {
        p.h.close()
      }
    })
  })
