import { afterAll, describe, expect, it } from 'vitest'
import { dropAwayList, isAwayList } from '../../src/main/service/away-list'
import { decodeOffThread, stopDecodeWorker } from '../../src/main/service/decode-pool'
import { figureNumbersOf } from '../../src/main/sync/pull/figure-page'
import { V3_POST } from '../fixtures/service/build'

/**
 * A figure page is counted by its figures' numbers, to know when the service's `matches` are in
 * (sync/pull/minifigs.ts). A large page's numbers are read by its decoder before the figures go
 * to the writer; a small page's here, from the figures. Both must read a page alike, odd records
 * included: they ruled apart on a record that is not an object, which the decoder counted as a
 * number of its own and this thread as none.
 */
afterAll(async () => {
  await stopDecodeWorker()
})

const ODD = ['sw0001', 7, null, { name: 'no number' }, { minifigNumber: 12 }]

/** A getMinifigs page with the odd records first, then enough figures to be decoded off thread. */
function page(): unknown[] {
  const figures = Array.from({ length: 200 }, (_, i) => ({
    minifigNumber: `fig${String(i).padStart(4, '0')}`,
    name: `Figure ${String(i)}`
  }))
  return [...ODD, ...figures]
}

describe('the numbers a figure page is counted by', () => {
  it('are the same whether its decoder reads them or this thread does', async () => {
    const minifigs = page()
    const body = JSON.stringify({ status: 'success', matches: minifigs.length, minifigs })
    const list = await decodeOffThread(
      { ...V3_POST, operation: 'getMinifigs', bytes: new TextEncoder().encode(body) },
      { listAway: { list: 'minifigs', keys: 'minifigNumber' } }
    )
    const away = (list as { minifigs?: unknown }).minifigs
    if (!isAwayList(away)) throw new Error('the page was not sent away')
    try {
      const decoded = figureNumbersOf(away)
      expect(decoded).toEqual(figureNumbersOf(minifigs))
      // None of the odd records names a figure.
      expect(decoded.slice(0, ODD.length)).toEqual(['', '', '', '', ''])
      expect(decoded[ODD.length]).toBe('fig0000')
    } finally {
      dropAwayList(away)
    }
  })
})
