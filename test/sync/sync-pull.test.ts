import { describe, expect, it } from 'vitest'
import { createServiceClient } from '../../src/main/service/index'
import type { SetRecord } from '../../src/shared/protocol/records'
import { getSyncValue } from '../../src/main/store/sync-state-repo'
import { harnessEachTest } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'

const harness = harnessEachTest()

function serviceClient(x: Harness) {
  return createServiceClient({
    profile: { baseUrl: 'https://demo.studbook.invalid' },
    secrets: () => ({ apiKey: x.svc.demo.apiKey }),
    fetch: (r) => x.svc.handle(r)
  })
}

async function allServiceSets(x: Harness): Promise<SetRecord[]> {
  const client = serviceClient(x)
  const out: SetRecord[] = []
  for (let page = 1; ; page++) {
    const sets = await client.v2.getSets({ pageSize: 500, pageNumber: page, orderBy: 'Number' })
    out.push(...sets)
    if (sets.length < 500) return out
  }
}

describe('catalogue pull', () => {
  it('a first sync stores exactly the service catalogue, findable by text', async () => {
    const h = await harness(1200)
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    expect(status.catalogueSets).toBe(1200)
    expect(h.pageVersions).toEqual(['v3', 'v3', 'v3'])

    const theirs = await allServiceSets(h)
    const themes = await serviceClient(h).v2.getThemes()
    const mine = await h.catalogue['catalog:listThemes']({})
    expect(mine.map((t) => [t.theme, t.setCount]).sort()).toEqual(
      themes.map((t) => [t.theme, t.setCount]).sort()
    )
    // Each theme's subthemes (the Browse filter) and years, as the service lists them.
    const storedYears = h.store.read
      .prepare('SELECT theme, year, set_count AS n FROM years ORDER BY theme, year')
      .all()
    const serviceYears: unknown[] = []
    for (const t of themes) {
      const theme = t.theme ?? ''
      const subs = await serviceClient(h).v2.getSubthemes({ theme })
      expect(
        (await h.catalogue['catalog:listSubthemes']({ theme })).map((x) => [
          x.subtheme,
          x.setCount,
          x.yearFrom,
          x.yearTo
        ])
      ).toEqual(
        subs
          .map((x) => [x.subtheme, x.setCount, x.yearFrom, x.yearTo])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]), 'en', { sensitivity: 'base' }))
      )
      for (const y of await serviceClient(h).v2.getYears({ theme })) {
        serviceYears.push({ theme: y.theme, year: y.year, n: y.setCount })
      }
    }
    expect(serviceYears.length).toBeGreaterThan(themes.length)
    expect(storedYears).toEqual(
      [...serviceYears].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
    )
    for (const s of theirs.filter((_, i) => i % 37 === 0)) {
      const d = await h.catalogue['catalog:getSet']({ setID: s.setID })
      expect(d.fullNumber).toBe(`${s.number ?? ''}-${s.numberVariant}`)
      expect(d.name).toBe(s.name)
      expect(d.theme).toBe(s.theme)
      expect(d.subtheme).toBe(s.subtheme ?? '')
      expect(d.year).toBe(Number(s.year))
      expect(d.pieces).toBe(s.pieces ? Number(s.pieces) : null)
      expect(d.lastUpdated).toBe(s.lastUpdated.toISOString())
      expect(d.description).toBe(s.description ?? '')
      const found = await h.search({ text: s.number ?? '', limit: 50 })
      expect(found.rows.map((r) => r.setID)).toContain(s.setID)
    }
  })

  it('pages the catalogue through v2 when the service offers no v3 getSets', async () => {
    const h = await harness(700)
    h.svc.admin.addFault({ service: 'v3', operation: 'getSets', kind: { type: 'bindingDisabled' } })
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    expect(status.catalogueSets).toBe(700)
    expect(h.pageVersions.filter((v) => v === 'v2')).toHaveLength(2)
    const theirs = await allServiceSets(h)
    const last = theirs[699]
    if (!last) throw new Error('catalogue too small')
    const d = await h.catalogue['catalog:getSet']({ setID: last.setID })
    expect(d.name).toBe(last.name)
    expect(d.lastUpdated).toBe(last.lastUpdated.toISOString())
  })

  it('resumes an interrupted first sync at the first page not stored', async () => {
    const h = await harness(1200)
    h.failPage = 2
    const broken = await h.sync.run()
    expect(broken.online).toBe(false)
    h.failPage = null
    const id = h.profiles.active().id
    expect(getSyncValue(h.store.read, id, 'sets_next_page')).toBe('2')
    await h.restart()
    h.pages.length = 0
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    expect(h.pages).toEqual([2, 3])
    expect(status.catalogueSets).toBe(1200)
    expect(getSyncValue(h.store.read, id, 'sets_next_page')).toBeNull()
    // The index was rebuilt after the resumed load: sets from the first and last page are found.
    const theirs = await allServiceSets(h)
    for (const s of [theirs[0], theirs[1199]]) {
      const r = await h.search({ text: s?.name ?? '', limit: 100 })
      expect(r.rows.map((x) => x.setID)).toContain(s?.setID)
    }
  })

  it('an incremental sync picks up sets changed on the service, without paging the catalogue', async () => {
    let clock = Date.parse('2026-03-01T10:00:00Z')
    const h = await harness(600, () => new Date(clock))
    await h.sync.run()
    clock += 30 * 60_000
    const touched = h.svc.admin.touchSets(5)
    h.pages.length = 0
    h.changed.length = 0
    clock += 60_000
    const status = await h.sync.run()
    expect(status.error).toBeNull()
    expect(h.pages).toEqual([])
    const changedIds = new Set(h.changed.flatMap((c) => c.setIDs))
    for (const id of touched) expect(changedIds.has(id)).toBe(true)
    const client = serviceClient(h)
    for (const id of touched) {
      const [s] = await client.v2.getSet({ SetID: id })
      const d = await h.catalogue['catalog:getSet']({ setID: id })
      expect(d.lastUpdated).toBe(s?.lastUpdated.toISOString())
    }
  })
})

describe('offline and allowance', () => {
  it('with the service unreachable, sync reports offline and browsing keeps working', async () => {
    const h = await harness(300)
    // Nothing has answered yet: online as far as anyone knows, but not connected.
    expect(h.sync.status()).toMatchObject({ online: true, connected: false })
    expect((await h.sync.run()).connected).toBe(true)
    const first = await h.search({ sort: 'name', limit: 10, facets: true })
    const setID = first.rows[0]?.setID ?? 0
    const extras = await h.catalogue['catalog:getSetExtras']({ setID })
    expect(extras.fetchedAt).not.toBeNull()
    h.online = false
    const status = await h.sync.run()
    expect(status.online).toBe(false)
    expect(status.connected).toBe(false)
    expect(status.error).not.toBeNull()
    expect(status.catalogueSets).toBe(300)
    const again = await h.search({ sort: 'name', limit: 10, facets: true })
    expect(again.rows).toEqual(first.rows)
    expect((await h.catalogue['catalog:getSet']({ setID })).setID).toBe(setID)
    expect(await h.catalogue['catalog:getSetExtras']({ setID })).toEqual(extras)
    const other = first.rows[1]?.setID ?? 0
    const none = await h.catalogue['catalog:getSetExtras']({ setID: other })
    expect(none.fetchedAt).toBeNull()
    h.online = true
    expect(await h.sync.run()).toMatchObject({ online: true, connected: true })
  })

  it('stops cleanly when the daily getSets allowance is used up and shows what is left', async () => {
    const h = await harness(1200)
    h.svc.admin.setAllowance(h.svc.demo.apiKey, 2)
    const status = await h.sync.run()
    expect(status.running).toBe(false)
    // Says when it goes on, not only what stopped it.
    expect(status.error).toMatch(/allowance .* used up; sync continues tomorrow/)
    expect(status.catalogueSets).toBe(1000)
    expect(status.allowance).toEqual({ limit: 2, used: 2, remaining: 0 })
    expect(getSyncValue(h.store.read, h.profiles.active().id, 'sets_next_page')).toBe('3')
    // What was stored stays searchable.
    const r = await h.search({ limit: 5 })
    expect(r.total).toBe(1000)
  })
})
