import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { setFromV3 } from '../../src/main/sync/pull/v3-sets'
import { createServiceClient } from '../../src/main/service/index'
import { parseV3SetsPage } from '../../src/shared/protocol/v3-sets'
import { postV3GetSets } from '../service/reference-v3'

// The reference service's v3 getSets against production's recording
// (test/fixtures/production/production-v3): the same nesting, keys, value types and omissions.

const RECORDED = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/production/production-v3/getSets-sets.json'), 'utf8')
) as Record<string, unknown>[]
const BASE = 'https://reference.test'

let service: ReferenceService
let userHash: string
beforeAll(async () => {
  service = createReferenceService({ sets: 400, seed: 5 })
  const res = await service.handle(
    new Request(
      `${BASE}/api/v2.asmx/login?apiKey=${service.demo.apiKey}&username=demo&password=studbook-demo`
    )
  )
  userHash = /<string[^>]*>([^<]+)</.exec(await res.text())?.[1] ?? ''
})
afterAll(() => {
  service.close()
})

async function v3GetSets(
  svc: ReferenceService,
  params: Record<string, unknown>,
  hash = ''
): Promise<{ res: Response; body: Record<string, unknown> }> {
  const res = await postV3GetSets(svc, params, hash, BASE)
  return { res, body: (await res.clone().json()) as Record<string, unknown> }
}

/** Every key path with the JSON type at it: `LEGOCom.US.retailPrice:number`. */
function shape(v: unknown, path = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) {
    out.add(`${path}:array`)
    for (const x of v) shape(x, `${path}[]`, out)
  } else if (typeof v === 'object' && v !== null) {
    out.add(`${path}:object`)
    for (const [k, x] of Object.entries(v)) shape(x, path === '' ? k : `${path}.${k}`, out)
  } else out.add(`${path}:${v === null ? 'null' : typeof v}`)
  return out
}

const recordedShape = new Set(RECORDED.flatMap((s) => [...shape(s)]))
// Flags are in docs/protocol.md §5 (collection.flags) but the recorded collection had none.
const FLAG_PATHS = ['collection.flags:array', 'collection.flags[]:object']
const FLAG_FIELDS = ['collection.flags[].flagNo:number', 'collection.flags[].value:boolean']
// The recording never had tags or notes; independent clients type tags as a list of strings.
const EXTENDED = [
  'extendedData.tags:array',
  'extendedData.tags[]:string',
  'extendedData.notes:string',
  'extendedData.description:string'
]

describe('reference service v3 getSets speaks production', () => {
  it('nests, omits and types every value as the recorded production sets do', async () => {
    const { res, body } = await v3GetSets(service, { pageSize: 400, orderBy: 'Number' }, userHash)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const page = parseV3SetsPage(body)
    expect(page.matches).toBe(400)
    const ours = new Set((body['sets'] as unknown[]).flatMap((s) => [...shape(s)]))
    const allowed = new Set([...recordedShape, ...FLAG_PATHS, ...FLAG_FIELDS, ...EXTENDED])
    expect([...ours].filter((p) => !allowed.has(p))).toEqual([])
    // The variety production shows is there too: omissions, placeholders, partial objects.
    for (const p of [
      'subtheme:string',
      'minifigs:number',
      'LEGOCom.US.retailPrice:number',
      'LEGOCom.DE.dateLastAvailable:string',
      'ageRange.min:number',
      'ageRange.max:number',
      'dimensions.weight:number',
      'barcode.EAN:string',
      'barcode.UPC:string',
      'extendedData.tags[]:string',
      'extendedData.description:string'
    ])
      expect(ours.has(p), p).toBe(true)
    const sets = body['sets'] as Record<string, unknown>[]
    const missing = (k: string) => sets.filter((s) => !(k in s)).length
    expect(missing('subtheme')).toBeGreaterThan(0)
    expect(missing('minifigs')).toBeGreaterThan(0)
    expect(sets.filter((s) => s['availability'] === '{Not specified}').length).toBeGreaterThan(0)
    const ages = sets.map((s) => s['ageRange'] as Record<string, unknown>)
    expect(ages.filter((a) => 'min' in a && !('max' in a)).length).toBeGreaterThan(0)
    expect(ages.filter((a) => Object.keys(a).length === 0).length).toBeGreaterThan(0)
    const stamps = sets.map((s) => String(s['lastUpdated']))
    for (const t of stamps) expect(t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d*[1-9])?Z$/)
  })

  it('answers an empty collection object without a userHash, and flags with one', async () => {
    const anon = await v3GetSets(service, { pageSize: 3 })
    for (const s of anon.body['sets'] as Record<string, unknown>[])
      expect(s['collection']).toEqual({})
    const mine = await v3GetSets(service, { owned: 1, pageSize: 1 }, userHash)
    const c = (mine.body['sets'] as Record<string, unknown>[])[0]?.['collection']
    expect(c).toMatchObject({ owned: true, qtyOwned: expect.any(Number) as number })
    expect((c as { flags: unknown[] }).flags).toHaveLength(8)
  })

  it('gives the same values as v2 for the same set', async () => {
    const client = createServiceClient({
      profile: { baseUrl: BASE },
      secrets: () => ({ apiKey: service.demo.apiKey }),
      fetch: (r) => service.handle(r)
    })
    const v2 = await client.v2.getSets({ pageSize: 400, orderBy: 'Number' })
    const { body } = await v3GetSets(service, { pageSize: 400, orderBy: 'Number' })
    const v3 = parseV3SetsPage(body).sets.map(setFromV3)
    expect(v3.map((s) => s.setID)).toEqual(v2.map((s) => s.setID))
    const same = [
      'number',
      'numberVariant',
      'name',
      'year',
      'theme',
      'themeGroup',
      'pieces',
      'minifigs',
      'image',
      'imageURL',
      'largeThumbnailURL',
      'serviceURL',
      'released',
      'ownedByTotal',
      'wantedByTotal',
      'UKRetailPrice',
      'USRetailPrice',
      'CARetailPrice',
      'EURetailPrice',
      'USDateAddedToSAH',
      'USDateRemovedFromSAH',
      'rating',
      'reviewCount',
      'packagingType',
      'instructionsCount',
      'additionalImageCount',
      'ageMin',
      'ageMax',
      'category',
      'notes',
      'tags',
      'EAN',
      'UPC',
      'description',
      'lastUpdated'
    ] as const
    const blank = (v: unknown) => (v === '' ? null : v)
    v2.forEach((theirs, i) => {
      const ours = v3[i]
      for (const k of same)
        expect(blank(ours?.[k]), `${theirs.setID} ${k}`).toEqual(blank(theirs[k]))
      for (const k of ['height', 'width', 'depth', 'weight'] as const)
        expect(ours?.[k] === null ? null : Number(ours?.[k])).toEqual(
          blank(theirs[k]) === null ? null : Number(theirs[k])
        )
    })
  })

  it('reports the query total as matches, whatever the page', async () => {
    const { body } = await v3GetSets(service, { pageSize: 7, pageNumber: 3 })
    expect(body['matches']).toBe(400)
    expect(body['sets']).toHaveLength(7)
    const year = await v3GetSets(service, { pageSize: 2, year: '2001' })
    const all = await v3GetSets(service, { pageSize: 500, year: '2001' })
    expect(year.body['matches']).toBe((all.body['sets'] as unknown[]).length)
    expect(year.body['matches']).toBeGreaterThan(2)
    expect(year.body['sets']).toHaveLength(2)
  })
})

describe('a service that caps the page size lower', () => {
  let capped: ReferenceService
  beforeAll(() => {
    capped = createReferenceService({ sets: 120, seed: 5, maxPageSize: 37 })
  })
  afterAll(() => {
    capped.close()
  })

  it('honours at most maxPageSize sets a page, in v3 and v2, pages counted in that size', async () => {
    const ids = async (pageNumber: number): Promise<number[]> => {
      const { body } = await v3GetSets(capped, { pageSize: 500, pageNumber, orderBy: 'Number' })
      expect(body['matches']).toBe(120)
      return (body['sets'] as { setID: number }[]).map((s) => s.setID)
    }
    const pages = [await ids(1), await ids(2), await ids(3), await ids(4), await ids(5)]
    expect(pages.map((p) => p.length)).toEqual([37, 37, 37, 9, 0])
    expect(new Set(pages.flat()).size).toBe(120)
    const client = createServiceClient({
      profile: { baseUrl: BASE },
      secrets: () => ({ apiKey: capped.demo.apiKey }),
      fetch: (r) => capped.handle(r)
    })
    const v2 = await client.v2.getSets({ pageSize: 500, pageNumber: 2, orderBy: 'Number' })
    expect(v2.map((s) => s.setID)).toEqual(pages[1])
  })

  it('refuses a cap outside 1 to 500', () => {
    expect(() => createReferenceService({ sets: 10, maxPageSize: 0 })).toThrow(RangeError)
    expect(() => createReferenceService({ sets: 10, maxPageSize: 501 })).toThrow(RangeError)
  })
})
