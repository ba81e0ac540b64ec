import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { findOperation } from '../../src/shared/protocol/operations'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { createServiceClient } from '../../src/main/service/index'
import type { ServiceClient } from '../../src/main/service/index'
import type { SetRecord } from '../../src/shared/protocol/records'

// Production's further v3 operations (docs/protocol.md §5), over HTTP POST with every declared parameter.

type Body = Record<string, unknown>
type Item = Record<string, unknown>

let svc: ReferenceService
let hash = ''
let rich: SetRecord
let client: ServiceClient

beforeAll(async () => {
  svc = createReferenceService({ sets: 300, seed: 5 })
  client = createServiceClient({
    profile: { baseUrl: 'http://127.0.0.1:9' },
    secrets: () => ({ apiKey: svc.demo.apiKey, userHash: hash }),
    fetch: (r) => svc.handle(r),
    retries: 0
  })
  hash = await client.v2.login({ username: svc.demo.username, password: svc.demo.password })
  const sets = await client.v2.getSets({ pageSize: 100, orderBy: 'RatingDESC' })
  const found = sets.find(
    (s) => s.reviewCount > 0 && s.additionalImageCount > 0 && s.instructionsCount > 0
  )
  if (!found) throw new Error('no set with reviews, images and instructions')
  rich = found
})
afterAll(() => {
  svc.close()
})

/** One v3 call over HTTP POST; parameters the table declares and the call leaves out go blank. */
async function v3(op: string, given: Record<string, string> = {}): Promise<Body> {
  const def = findOperation('v3', op)
  expect(def, `v3 ${op} is in the operation table`).toBeDefined()
  const form = new URLSearchParams()
  for (const p of def?.params ?? []) {
    const auto = p.name === 'apiKey' ? svc.demo.apiKey : p.name === 'userHash' ? hash : ''
    form.set(p.name, given[p.name] ?? auto)
  }
  const res = await svc.handle(
    new Request(`http://reference.test/api/v3.asmx/${op}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form
    })
  )
  expect(res.status, `${op}: ${res.status}`).toBe(200)
  return (await res.json()) as Body
}

const list = (b: Body, key: string): Item[] => {
  expect(b['status'], JSON.stringify(b)).toBe('success')
  const items = b[key]
  expect(Array.isArray(items), `${key} is a list`).toBe(true)
  expect(b['matches']).toBe((items as unknown[]).length)
  return items as Item[]
}
const error = (message: string): Body => ({ status: 'error', message })

describe('v3 account operations', () => {
  it('checkKey answers success for a known key and Invalid API key otherwise', async () => {
    expect(await v3('checkKey')).toEqual({ status: 'success' })
    expect(await v3('checkKey', { apiKey: 'nope' })).toEqual(error('Invalid API key'))
  })

  it('login answers the userHash as `hash`, or Invalid username or password', async () => {
    const { username, password } = svc.demo
    expect(await v3('login', { username, password })).toEqual({ status: 'success', hash })
    expect(await v3('login', { username, password: 'wrong' })).toEqual(
      error('Invalid username or password')
    )
    expect(await v3('login', { apiKey: 'nope', username, password })).toEqual(
      error('Invalid API key')
    )
  })

  it('checkUserHash answers success for a live hash and Invalid user hash otherwise', async () => {
    expect(await v3('checkUserHash')).toEqual({ status: 'success' })
    expect(await v3('checkUserHash', { userHash: 'stale' })).toEqual(error('Invalid user hash'))
  })

  it('getKeyUsageStats lists today’s getSets calls as {dateStamp, count}', async () => {
    await v3('getSets', { params: '{"pageSize":1}' })
    await v3('getSets', { params: '{"pageSize":1}' })
    const usage = list(await v3('getKeyUsageStats'), 'apiKeyUsage')
    const today = new Date().toISOString().slice(0, 10)
    const row = usage.find((u) => String(u['dateStamp']).startsWith(today))
    expect(row?.['dateStamp']).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/)
    expect(Number(row?.['count'])).toBeGreaterThanOrEqual(2)
    expect(await v3('getKeyUsageStats', { apiKey: 'nope' })).toEqual(error('Invalid API key'))
  })
})

describe('v3 catalogue operations', () => {
  it('getThemes lists {theme, setCount, subthemeCount, yearFrom, yearTo} over the catalogue', async () => {
    const themes = list(await v3('getThemes'), 'themes')
    expect(themes.reduce((n, t) => n + Number(t['setCount']), 0)).toBe(300)
    for (const t of themes) {
      expect(Object.keys(t).sort()).toEqual(
        ['setCount', 'subthemeCount', 'theme', 'yearFrom', 'yearTo'].sort()
      )
      expect(Number(t['yearFrom'])).toBeLessThanOrEqual(Number(t['yearTo']))
    }
  })

  it('getSubthemes and getYears take Theme and stay inside it', async () => {
    const theme = rich.theme ?? ''
    const subs = list(await v3('getSubthemes', { Theme: theme }), 'subthemes')
    expect(subs.length).toBeGreaterThan(0)
    expect(subs.every((s) => s['theme'] === theme && typeof s['setCount'] === 'number')).toBe(true)
    const years = list(await v3('getYears', { Theme: theme }), 'years')
    const themes = list(await v3('getThemes'), 'themes')
    expect(years.reduce((n, y) => n + Number(y['setCount']), 0)).toBe(
      themes.find((t) => t['theme'] === theme)?.['setCount']
    )
    expect(years.map((y) => y['year'])).toContain(rich.year)
  })

  it('getAdditionalImages and getInstructions list one entry per counted item', async () => {
    const setID = String(rich.setID)
    const images = list(await v3('getAdditionalImages', { setID }), 'additionalImages')
    expect(images).toHaveLength(rich.additionalImageCount)
    for (const i of images) {
      expect(Object.keys(i).sort()).toEqual(['imageURL', 'thumbnailURL'])
      expect(i['imageURL']).toMatch(/^http:\/\/reference\.test\//)
    }
    const instructions = list(await v3('getInstructions', { setID }), 'instructions')
    expect(instructions).toHaveLength(rich.instructionsCount)
    for (const i of instructions) expect(Object.keys(i).sort()).toEqual(['URL', 'description'])
    expect(list(await v3('getInstructions', { setID: '999999999' }), 'instructions')).toEqual([])
  })

  it('getReviews nests the ratings: rating{overall, parts, buildingExperience, playability, valueForMoney}', async () => {
    const reviews = list(await v3('getReviews', { setID: String(rich.setID) }), 'reviews')
    expect(reviews).toHaveLength(rich.reviewCount)
    for (const r of reviews) {
      const rating = r['rating'] as Record<string, unknown>
      expect(Object.keys(rating).sort()).toEqual(
        ['buildingExperience', 'overall', 'parts', 'playability', 'valueForMoney'].sort()
      )
      for (const v of Object.values(rating)) expect(v).toEqual(expect.any(Number))
      expect(r).not.toHaveProperty('overallRating')
      expect(r).not.toHaveProperty('valueForMoney')
      expect(r['datePosted']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
    }
  })
})

describe('v3 user reads', () => {
  it('getUserNotes lists {setID, notes} of the user’s sets with notes', async () => {
    const setID = String(rich.setID)
    const written = await v3('setCollection', { SetID: setID, params: '{"notes":"v3 note"}' })
    expect(written).toEqual({ status: 'success' })
    const notes = list(await v3('getUserNotes'), 'userNotes')
    expect(notes).toContainEqual({ setID: rich.setID, notes: 'v3 note' })
    expect(await v3('getUserNotes', { userHash: 'stale' })).toEqual(error('Invalid user hash'))
  })

  it('getUserMinifigNotes lists {minifigNumber, notes}', async () => {
    const figs = list(await v3('getMinifigCollection', { Params: '{"owned":1}' }), 'minifigs')
    const fig = String(figs[0]?.['minifigNumber'])
    const written = await v3('setMinifigCollection', {
      minifigNumber: fig,
      params: '{"notes":"fig note"}'
    })
    expect(written).toEqual({ status: 'success' })
    const notes = list(await v3('getUserMinifigNotes'), 'userMinifigNotes')
    expect(notes).toContainEqual({ minifigNumber: fig, notes: 'fig note' })
  })

  it('getMinifigCollection must be asked for owned and/or wanted (production: No valid parameters)', async () => {
    for (const Params of ['', '{}', '{"query":"a"}', '{"owned":0}'])
      expect(await v3('getMinifigCollection', { Params }), Params).toEqual(
        error('No valid parameters')
      )
    const owned = list(await v3('getMinifigCollection', { Params: '{"owned":1}' }), 'minifigs')
    expect(owned.length).toBeGreaterThan(0)
    expect(owned.every((m) => Number(m['ownedTotal']) > 0)).toBe(true)
    const both = list(
      await v3('getMinifigCollection', { Params: "{owned:1,wanted:'1'}" }),
      'minifigs'
    )
    expect(both.every((m) => m['wanted'] === true && Number(m['ownedTotal']) > 0)).toBe(true)
  })
})

describe('the typed client', () => {
  it('offers the further v3 operations, built from the operation table', async () => {
    const { username, password } = svc.demo
    expect((await client.v3.login({ username, password }))?.hash).toBe(hash)
    await expect(client.v3.checkKey()).resolves.toBeUndefined()
    await expect(client.v3.checkKey({ apiKey: 'nope' })).rejects.toMatchObject({
      code: 'invalid_key'
    })
    expect(await client.v3.checkUserHash()).toEqual({ status: 'success' })
    const subs = await client.v3.getSubthemes({ Theme: rich.theme ?? '' })
    const rows = z.array(z.object({ theme: z.string() })).parse(subs?.['subthemes'])
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((s) => s.theme === rich.theme)).toBe(true)
    await expect(client.v3.checkUserHash({ userHash: 'stale' })).rejects.toMatchObject({
      code: 'invalid_user_hash'
    })
  })
})
