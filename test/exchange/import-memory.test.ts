import type * as WorkerThreads from 'node:worker_threads'
import type { WorkerOptions } from 'node:worker_threads'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readCsv } from '../../src/main/exchange/csv'
import { IMPORT_LIMITS } from '../../src/main/exchange/import-limits'
import { planOffThread } from '../../src/main/exchange/import-thread'
import { csvManyRows } from '../fixtures/hostile/imports/corpus'
import { importProfileEachTest } from './each-test'

/**
 * Issue 26: "memory stays ≤ 300 MB for any input". What can be asserted without a clock or a
 * memory probe (bench/stall-import.ts measures the peaks): the worker runs under a heap cap small
 * enough for that and large enough for a file at the row cap; rows past the cap are never read;
 * and a table's rows carry no per-row closures (they were two thirds of a 100,000-row table).
 */

/** Every import worker made, with the options it was made with. */
const made = vi.hoisted(() => [] as { options: WorkerOptions | undefined }[])

vi.mock('node:worker_threads', async (original) => {
  const real = await original<typeof WorkerThreads>()
  class Recorded extends real.Worker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options)
      made.push({ options })
    }
  }
  return { ...real, Worker: Recorded, default: { ...real, Worker: Recorded } }
})

const NO_CLOCK = 0
const profile = importProfileEachTest()
afterEach(() => {
  made.length = 0
})

/** Brickset's full layout (36 columns, most of them blank), as its own export writes it. */
function fullLayout(rows: number): string {
  const head =
    'Number,Set name,Theme,Subtheme,Year,Pieces,Minifigs,RRP (GBP),RRP (USD),RRP (CAD),' +
    'RRP (EUR),EAN,UPC,Width,Height,Depth,Weight,Notes,Qty owned,Qty owned new,Qty owned used,' +
    'Wanted,Qty wanted,Priority,Flag 1,Flag 2,Flag 3,Flag 4,Flag 5,Flag 6,Flag 7,Flag 8,' +
    'Value new (USD),Value used (USD),Launch date,Exit date'
  const lines = [head]
  for (let i = 1; i <= rows; i++) {
    lines.push(
      `${(i % 2_000) + 1}-1,Set name ${i},Theme,Sub,2020,100,2,9.99,9.99,,,,,,,,,"note ${i}",` +
        '1,,,No,0,,No,No,No,No,No,No,No,No,,,2020-01-01,'
    )
  }
  return lines.join('\r\n')
}

describe('an import preview’s memory', () => {
  it(
    'runs in a worker capped at 192 MB old and 8 MB young generation, and a full-layout file at the row cap fits',
    async () => {
      expect(IMPORT_LIMITS.workerHeapMb).toBe(192)
      expect(IMPORT_LIMITS.workerYoungMb).toBe(8)
      const { h: harness } = await profile(2_000)
      const content = fullLayout(IMPORT_LIMITS.rows)
      // What is asserted is the fit, not the time: the budget must not end it at load 20.
      const planned = await planOffThread(
        harness.store,
        { profileId: harness.profileId, format: 'collection', content, conditions: [] },
        { budgetMs: 600_000 }
      )
      expect(planned.rows).toBe(IMPORT_LIMITS.rows)
      expect(made).toHaveLength(1)
      expect(made[0]?.options?.resourceLimits).toEqual({
        maxOldGenerationSizeMb: 192,
        maxYoungGenerationSizeMb: 8
      })
    },
    NO_CLOCK
  )

  it('rows past the row cap are never read: the parser stops at the first one', () => {
    const text = csvManyRows().bytes.toString('utf8')
    const told: number[] = []
    expect(() => readCsv(text, (done) => told.push(done))).toThrow(/more than 100,000 rows/)
    // Progress comes every 5,000 rows: 20 times up to the cap, never the 180 of the whole file.
    expect(told.length).toBeLessThanOrEqual(IMPORT_LIMITS.rows / 5_000)
    expect(Math.max(...told)).toBeLessThan(text.length / 8)
  })

  it('a table’s rows share their lookups: no closures kept per row', () => {
    const table = readCsv('Number,Qty owned\n10179-1,1\n75192-1,2\n')
    const [a, b] = table.rows
    expect(a?.get('number')).toBe('10179-1')
    expect(b?.get('Qty owned')).toBe('2')
    expect(b?.get('absent')).toBe('')
    expect(a?.has('QTY OWNED')).toBe(true)
    for (const row of [a, b]) {
      expect(Object.hasOwn(row ?? {}, 'get')).toBe(false)
      expect(Object.hasOwn(row ?? {}, 'has')).toBe(false)
    }
    expect(Object.getPrototypeOf(a)).toBe(Object.getPrototypeOf(b))
  })
})
