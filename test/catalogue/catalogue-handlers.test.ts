import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { plainText } from '../../src/main/catalogue/set-detail-repo'
import { createHarness } from '../sync/sync-pull-harness'
import type { Harness } from '../sync/sync-pull-harness'

let h: Harness | null = null
afterEach(() => {
  h?.close()
  h = null
})

describe('catalogue handlers', () => {
  it('fetches set extras on demand, caches them, and gives review text as plain text', async () => {
    h = await createHarness(300)
    await h.sync.run()
    const rows = await h.catalogue['catalog:search']({
      text: '',
      sort: 'rating',
      desc: true,
      offset: 0,
      limit: 300,
      facets: false
    })
    let checked = 0
    for (const row of rows.rows) {
      const d = await h.catalogue['catalog:getSet']({ setID: row.setID })
      if (d.reviewCount === 0 || d.instructionsCount === 0 || d.additionalImageCount === 0) continue
      const x = await h.catalogue['catalog:getSetExtras']({ setID: row.setID })
      expect(x.fetchedAt).not.toBeNull()
      expect(x.images).toHaveLength(d.additionalImageCount)
      expect(x.instructions).toHaveLength(d.instructionsCount)
      expect(x.reviews).toHaveLength(d.reviewCount)
      for (const r of x.reviews) expect(r.text).not.toMatch(/<[a-z/][^>]*>/i)
      for (const im of x.images) expect(im.thumbnail).toMatch(/^media\/extra\//)
      // Served from the cache now: nothing changes while the service is unreachable.
      h.online = false
      expect(await h.catalogue['catalog:getSetExtras']({ setID: row.setID })).toEqual(x)
      h.online = true
      if (++checked === 3) break
    }
    expect(checked).toBeGreaterThan(0)
  })

  it('turns review markup into text and leaves plain reviews exactly as written', () => {
    expect(
      plainText('<p>Great <b>set</b>!</p><p>2 &lt; 3 &amp; <img src=x onerror=alert(1)></p>', true)
    ).toBe('Great set!\n\n2 < 3 &')
    expect(plainText('Keep <this> & that', false)).toBe('Keep <this> & that')
  })

  it('lists collection conditions from the service once, then from the cache', async () => {
    h = await createHarness(50)
    await h.sync.run()
    const acquired = await h.catalogue['catalog:listConditions']({ which: 'acquired' })
    const now = await h.catalogue['catalog:listConditions']({ which: 'now' })
    expect(acquired.length).toBeGreaterThan(0)
    expect(now.length).toBeGreaterThan(0)
    h.online = false
    expect(await h.catalogue['catalog:listConditions']({ which: 'acquired' })).toEqual(acquired)
  })

  it('answers not_found for a set the catalogue does not hold', async () => {
    h = await createHarness(50)
    await h.sync.run()
    const err = await Promise.resolve()
      .then(() => h?.catalogue['catalog:getSet']({ setID: 987654321 }))
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).code).toBe('not_found')
    const subthemes = await h.catalogue['catalog:listSubthemes']({ theme: 'No such theme' })
    expect(subthemes).toEqual([])
    const themes = await h.catalogue['catalog:listThemes']({})
    const first = themes.find((t) => t.subthemeCount > 0)
    if (first) {
      const subs = await h.catalogue['catalog:listSubthemes']({ theme: first.theme })
      expect(subs.length).toBe(first.subthemeCount)
      expect(subs.every((s) => s.theme === first.theme)).toBe(true)
    }
  })
})
