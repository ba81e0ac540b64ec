import { describe, expect, it } from 'vitest'
import { testEditSide } from '../collection/harness'
import { figureNumbers, harnessEachTest, listedFigures } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'
import { NOT_OFFERED, interceptV3 } from './v3-requests'

/**
 * The figure catalogue when the service does not give it whole (docs/protocol.md §5b): production
 * records no getMinifigs, so a sync without it is the ordinary case there, and a list that is cut
 * off or not valid must never cost the figures already cached nor hold back the collection.
 */

const harness = harnessEachTest()

/** Counts the getMinifigs pages asked for; `answer` may stand in for the service on any of them. */
function watchFigures(
  x: Harness,
  answer: (page: number, req: Request) => Response | null | Promise<Response | null> = () => null
): number[] {
  const asked: number[] = []
  interceptV3(x, (call, req) => {
    if (call.op !== 'getMinifigs') return null
    const page = Number(call.params['pageNumber'] ?? 1)
    asked.push(page)
    return answer(page, req)
  })
  return asked
}

/** The figures the service lists for the user, as the collection pull reads them. */
async function collectionFigures(x: Harness): Promise<string[]> {
  const rows = await x.profiles
    .client()
    .v2.getMinifigCollection({ query: '', owned: '', wanted: '' })
  return rows.flatMap((r) => (r.minifigNumber === null ? [] : [r.minifigNumber])).sort()
}

describe('a service that does not list the catalogue’s figures', () => {
  it.each(NOT_OFFERED)(
    'answering with %s: the sync completes with the collection’s figures',
    async (_, answer) => {
      const h = await harness(300)
      const asked = watchFigures(h, () => answer('getMinifigs'))
      const status = await h.sync.run()
      expect(status.error).toBeNull()
      expect(status.catalogueSets).toBe(300)
      // Asked for its first page only (an error page may be asked again, as any read is).
      expect(new Set(asked)).toEqual(new Set([1]))
      const mine = await collectionFigures(h)
      expect(mine.length).toBeGreaterThan(0)
      expect(await figureNumbers(h)).toEqual(mine)

      // Asked again only with the next whole pull, not with every sync.
      const once = asked.length
      await h.sync.run()
      expect(asked.length).toBe(once)
      // A whole pull in the same session still reads the catalogue through v3, with its pictures
      // and prices: an operation the service lacks costs no other operation its binding.
      h.pageVersions.length = 0
      await h.sync.run({ full: true })
      expect(new Set(h.pageVersions)).toEqual(new Set(['v3']))
      // After a restart, the next whole pull asks for the figures again.
      const later = asked.length
      await h.restart()
      await h.sync.run({ full: true })
      expect(asked.length).toBeGreaterThan(later)
    }
  )
})

describe('a figure list that goes wrong', () => {
  it('one that is not valid leaves the cached figures, and the collection still arrives', async () => {
    const h = await harness(300)
    await h.sync.run()
    const before = await figureNumbers(h)
    expect(before.length).toBeGreaterThan(200)

    // The website changes a figure; the next whole pull meets a figure list that is not valid.
    const figure = before[before.length - 1] ?? ''
    await h.profiles
      .client()
      .v2.setMinifigCollection({ minifigNumber: figure, qtyOwned: 4, wanted: 1 })
    watchFigures(h, () =>
      Response.json({
        status: 'success',
        matches: 1,
        minifigs: [{ minifigNumber: '<script>', name: 'x' }]
      })
    )
    const status = await h.sync.run({ full: true })
    expect(status.error).toBeNull()
    expect(h.warnings).toContain('minifigure catalogue refused')
    expect(await figureNumbers(h)).toEqual(before)
    const [row] = await listedFigures(h, figure)
    expect(row).toMatchObject({ minifigNumber: figure, ownedLoose: 4, wanted: true })
  })

  it('every page arrives when the list is longer than one page', async () => {
    const h = await harness(1000)
    const asked = watchFigures(h)
    await h.sync.run()
    expect(asked).toEqual([1, 2])
    const all = await figureNumbers(h)
    expect(all.length).toBeGreaterThan(500)
    const side = testEditSide(h.store, h.profiles)
    const detail = await side.handlers['collection:getMinifig']({
      minifigNumber: all[all.length - 1] ?? ''
    })
    await side.close()
    expect(detail.name).not.toBe('')
  })

  it('cut off later, the last whole list stays', async () => {
    const h = await harness(1000)
    await h.sync.run()
    const before = await figureNumbers(h)
    watchFigures(h, (page) => {
      if (page === 2) throw new TypeError('fetch failed')
      return null
    })
    const cut = await h.sync.run({ full: true })
    expect(cut.online).toBe(false)
    expect(await figureNumbers(h)).toEqual(before)
  })

  it('a service that sends the same page again is not asked forever', async () => {
    const h = await harness(1000)
    const svc = h.svc
    const asked = watchFigures(h, async (page, req) => {
      if (page === 1) return null
      // Every later page is answered with the first one.
      const body = (await req.text()).replace(/(pageNumber%22%3A)\d+/, '$11')
      return svc.handle(new Request(req.url, { method: 'POST', headers: req.headers, body }))
    })
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    expect(asked).toEqual([1, 2])
    // The first page's 500, with the few figures only the collection names.
    const kept = (await figureNumbers(h)).length
    expect(kept).toBeGreaterThanOrEqual(500)
    expect(kept).toBeLessThan(600)
  })
})
