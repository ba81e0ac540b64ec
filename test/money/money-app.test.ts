import { describe, expect, it } from 'vitest'
import type { MoneyHistoryDto } from '../../src/shared/model/money'
import { browserApp } from '../ipc/browser-app'

/** The app takes its snapshots by itself: the day's first at start, after a sync, after an import. */

const { call } = browserApp('money', 60)

const history = () => call<MoneyHistoryDto>('money:getHistory', {})

/** Waits for the background snapshot to say `reason` (no wall-clock limit but the test's). */
async function snapshotBy(reason: string, after: string): Promise<MoneyHistoryDto> {
  for (;;) {
    const h = await history()
    if (h.latest && h.latest.reason === reason && h.latest.takenAt > after) return h
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('money snapshots in the app', () => {
  it("takes the day's snapshot at start, of an empty collection", async () => {
    const h = await snapshotBy('daily', '')
    expect(h.snapshots).toBe(1)
    expect(h.currencies).toEqual([])
  })

  it("takes one after a sync: the demo's copy, in pounds", async () => {
    const before = new Date().toISOString()
    await call('sync:start', { full: true })
    const h = await snapshotBy('sync', before)
    expect(h.snapshots).toBe(1)
    const gbp = h.currencies.find((c) => c.currency === 'GBP')
    expect(gbp?.points.at(-1)).toMatchObject({ copies: 1, paid: 89.99, value: 120 })
    expect(h.currencies.map((c) => c.currency)).toEqual(['GBP'])
  })

  it('takes one after an import is applied', async () => {
    const set = (
      await call<{ rows: { setID: number; number: string }[] }>('catalog:search', {
        limit: 60
      })
    ).rows.at(-1)
    if (!set) throw new Error('no sets')
    const before = new Date().toISOString()
    const preview = await call<{ previewId: string }>('exchange:previewImport', {
      format: 'rebrickable',
      content: `Set Number,Quantity,Includes Spares,Inventory Ver\n${set.number},3,True,1\n`
    })
    await call('exchange:applyImport', { previewId: preview.previewId })
    const h = await snapshotBy('import', before)
    expect(h.snapshots).toBe(1)
    // The imported set has no copy records: three more owned copies without details.
    expect(h.latest?.undetailed).toBeGreaterThanOrEqual(3)
  })
})
