import { describe, expect, it } from 'vitest'
import { harnessEachTest, setCount, syncWhileSampling } from '../sync/sync-pull-harness'

/**
 * Issue #25: a page of the catalogue (500 sets: 60-300 ms of work) is stored in several short
 * transactions with turns of the event loop between them, the cursor moving with the last.
 * Sized by STUDBOOK_PROPERTY_SIZE (sets).
 */
const SETS = Number(process.env['STUDBOOK_PROPERTY_SIZE'] ?? 2000)

const harness = harnessEachTest()

describe('storing the pages of a catalogue load', () => {
  it('commits each page in parts, with no transaction open across a turn', async () => {
    const x = await harness(SETS)
    const seen = new Set<number>()
    const inTransaction: boolean[] = []
    await syncWhileSampling(
      x,
      (other) => {
        inTransaction.push(x.store.write.inTransaction)
        seen.add(setCount(other))
      },
      { everyMs: 'turn' }
    )
    expect(inTransaction.every((t) => !t)).toBe(true)
    // Some turn saw part of a page stored: a count between two whole pages.
    expect([...seen].some((n) => n % 500 !== 0)).toBe(true)
    expect(setCount(x.store.read)).toBe(SETS)
  })
})
