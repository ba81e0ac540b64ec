import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { pullAllSets } from '../../src/main/sync/pull/catalogue'
import type { PullContext } from '../../src/main/sync/pull/context'
import { createServiceClient } from '../../src/main/service/index'
import { countSets } from '../../src/main/catalogue/catalogue-repo'
import { upsertProfile } from '../../src/main/account/profiles-repo'
import { getSetDetail } from '../../src/main/catalogue/set-detail-repo'
import { getSyncValue } from '../../src/main/store/sync-state-repo'
import { AppError } from '../../src/shared/errors'
import { FIXTURE_AT, openTestStore } from '../catalogue/set-fixtures'
import type { TestStore } from '../catalogue/set-fixtures'

// Mutated production v3 pages through the real client, the real pull and a real SQLite file: a
// page is either stored exactly or refused whole with bad_record, leaving nothing of it behind.

type Obj = Record<string, unknown>
const RECORDED = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/production/production-v3/getSets-sets.json'), 'utf8')
) as Obj[]

// Values that may be omitted or null: never a reason to refuse.
const OPTIONAL = [
  'image',
  'LEGOCom',
  'ageRange',
  'dimensions',
  'barcode',
  'extendedData',
  'collection',
  'collections',
  'subtheme',
  'lastUpdated',
  'bricksetURL',
  'category',
  'packagingType',
  'availability'
] as const
// Typed values; a wrong type refuses the page (null is unknown, except where required).
const TYPED = {
  number: 'string!',
  numberVariant: 'count!',
  name: 'string',
  theme: 'string',
  year: 'year',
  pieces: 'count',
  minifigs: 'count',
  released: 'boolean',
  rating: 'rating'
} as const
type TypedKey = keyof typeof TYPED
const CANDIDATES: readonly unknown[] = ['text', 7, 0, -3, 2.5, 12.75, 1999, true, [], {}, null]

function fits(key: TypedKey, v: unknown): boolean {
  const rule = TYPED[key]
  if (v === null) return !rule.endsWith('!')
  switch (rule.replace('!', '')) {
    case 'string':
      return typeof v === 'string'
    case 'count':
      return typeof v === 'number' && Number.isInteger(v) && v >= 0
    case 'boolean':
      return typeof v === 'boolean'
    case 'year':
      return typeof v === 'number' && Number.isInteger(v) && v >= 1900 && v <= 2100
    default:
      return typeof v === 'number' && v >= 0 && v <= 5
  }
}

const benign = fc.oneof(
  fc.record({
    op: fc.constant('extra' as const),
    at: fc.nat(),
    path: fc.constantFrom('', 'image', 'LEGOCom', 'LEGOCom.US', 'collection', 'dimensions'),
    key: fc.string({ minLength: 1, maxLength: 6 }).map((k) => `x_${k}`),
    value: fc.jsonValue({ maxDepth: 2 })
  }),
  fc.record({
    op: fc.constantFrom('omit' as const, 'null' as const),
    at: fc.nat(),
    key: fc.constantFrom(...OPTIONAL)
  })
)
const idEdit = fc.oneof(
  fc.record({
    op: fc.constant('badId' as const),
    at: fc.nat(),
    value: fc.constantFrom<unknown>(0, -1, -1836, 1.5, '1836', null, 'missing')
  }),
  fc.record({ op: fc.constant('dupId' as const), at: fc.nat(), from: fc.nat() })
)
const typeEdit = fc.record({
  at: fc.nat(),
  key: fc.constantFrom(...(Object.keys(TYPED) as TypedKey[])),
  value: fc.constantFrom(...CANDIDATES)
})
const example = fc.record({
  start: fc.nat({ max: RECORDED.length - 1 }),
  count: fc.integer({ min: 1, max: 12 }),
  benign: fc.array(benign, { maxLength: 3 }),
  // Mostly absent, so about half the pages are valid ones.
  id: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: idEdit }),
  type: fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: typeEdit })
})
type Example = typeof example extends fc.Arbitrary<infer T> ? T : never

const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {})

/** The mutated page and whether the protocol lets it through. */
function build(e: Example): { sets: Obj[]; accept: boolean } {
  const sets = Array.from({ length: Math.min(e.count, RECORDED.length - e.start) }, (_, i) =>
    structuredClone(RECORDED[e.start + i] ?? {})
  )
  const at = (n: number): Obj => sets[n % sets.length] ?? {}
  let accept = true
  for (const b of e.benign) {
    const s = at(b.at)
    if (b.op === 'extra') {
      let target: unknown = s
      for (const k of b.path.split('.').filter((x) => x !== '')) target = obj(target)[k]
      if (typeof target === 'object' && target !== null) (target as Obj)[b.key] = b.value
    } else if (b.op === 'omit') {
      Reflect.deleteProperty(s, b.key)
    } else s[b.key] = null
  }
  if (e.type) {
    at(e.type.at)[e.type.key] = e.type.value
    if (!fits(e.type.key, e.type.value)) accept = false
  }
  if (e.id?.op === 'badId') {
    const s = at(e.id.at)
    if (e.id.value === 'missing') Reflect.deleteProperty(s, 'setID')
    else s['setID'] = e.id.value
    accept = false
  } else if (e.id?.op === 'dupId' && e.id.at % sets.length !== e.id.from % sets.length) {
    at(e.id.at)['setID'] = at(e.id.from)['setID']
    accept = false
  }
  return { sets, accept }
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null)
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null)

let svc: ReferenceService
let t: TestStore
let runs = 0
beforeAll(async () => {
  svc = createReferenceService({ sets: 10 })
  t = await openTestStore('v3-property')
})
afterAll(() => {
  t.close()
  svc.close()
})

async function pull(sets: Obj[]): Promise<{ pid: number; error: unknown }> {
  const body = JSON.stringify({ status: 'success', matches: sets.length, sets })
  const baseUrl = `https://run${++runs}.invalid`
  const pid = upsertProfile(
    t.store.write,
    { kind: 'custom', label: 'p', baseUrl, binding: 'auto', paths: {} },
    FIXTURE_AT
  ).id
  const client = createServiceClient({
    profile: { baseUrl },
    secrets: () => ({ apiKey: svc.demo.apiKey }),
    fetch: (req) =>
      /\/v3\.asmx\/getSets$/i.test(new URL(req.url).pathname)
        ? Promise.resolve(
            new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })
          )
        : svc.handle(req)
  })
  const ctx: PullContext = {
    store: t.store,
    profileId: pid,
    client,
    signal: new AbortController().signal,
    now: () => new Date(FIXTURE_AT),
    progress: () => undefined,
    changed: () => undefined,
    confirmBeforeRemoving: () => Promise.resolve()
  }
  try {
    await pullAllSets(ctx, sets.length)
    return { pid, error: null }
  } catch (error) {
    return { pid, error }
  }
}

describe('mutated production v3 pages', () => {
  it('are stored exactly or refused whole with bad_record', async () => {
    const seen = { accepted: 0, refused: 0 }
    await fc.assert(
      fc.asyncProperty(example, async (e) => {
        const { sets, accept } = build(e)
        const { pid, error } = await pull(sets)
        const complete = getSyncValue(t.store.read, pid, 'catalogue_complete_at')
        seen[accept ? 'accepted' : 'refused']++
        if (!accept) {
          expect(error).toBeInstanceOf(AppError)
          expect((error as AppError).code).toBe('bad_record')
          expect(countSets(t.store.read, pid)).toBe(0)
          expect(complete).toBeNull()
          return
        }
        expect(error).toBeNull()
        expect(complete).not.toBeNull()
        expect(countSets(t.store.read, pid)).toBe(sets.length)
        for (const s of sets) {
          const d = getSetDetail(t.store.read, pid, s['setID'] as number)
          const us = obj(obj(s['LEGOCom'])['US'])
          const updated = text(s['lastUpdated'])
          expect(d).toMatchObject({
            fullNumber: `${String(s['number'])}-${String(s['numberVariant'])}`,
            name: text(s['name']) ?? '',
            theme: text(s['theme']) ?? '',
            subtheme: text(s['subtheme']) ?? '',
            year: num(s['year']),
            pieces: num(s['pieces']),
            minifigs: num(s['minifigs']),
            rating: num(s['rating']) ?? 0,
            released: s['released'] === true,
            EAN: text(obj(s['barcode'])['EAN']),
            UPC: text(obj(s['barcode'])['UPC']),
            ownedByTotal: num(obj(s['collections'])['ownedBy']) ?? 0,
            lastUpdated:
              updated === null || updated.startsWith('0001-')
                ? null
                : new Date(updated).toISOString()
          })
          expect(d?.image === null).toBe(text(obj(s['image'])['imageURL']) === null)
          const price = num(us['retailPrice'])
          expect(d?.prices.US === null ? null : Number(d?.prices.US)).toBe(price)
        }
      }),
      { numRuns: 150 }
    )
    // Both outcomes were exercised, not only one.
    expect(seen.accepted).toBeGreaterThan(20)
    expect(seen.refused).toBeGreaterThan(20)
  })
})
