import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { getSetDetail } from '../../src/main/catalogue/set-detail-repo'
import { build, FIELDS, ODD, RECORDED } from './odd-record'
import type { Obj } from './odd-record'
import { runs as scaledRuns } from '../property-runs'
import { expectBothOutcomes, setsPullsEachFile } from './pull-sets-through'
import type { Outcomes, SetsPulled } from './pull-sets-through'
import { setStateSql } from '../../src/main/collection/index'
import { LONG_LIMIT_MS } from '../limits'

// Mutated production pages through the real client, the real pull and a real SQLite file (issue
// 27): one record of each page is changed at one field, any field, to any odd value. The rest of
// the page is always stored exactly, the changed record is stored or counted as unreadable (never
// both, never lost silently), and the pull always completes. v3 (JSON) and v2 (XML) alike.

// Longest page tried; STUDBOOK_PROPERTY_SIZE (the repo's one size knob) raises it, up to a full page.
const MAX_PAGE = Math.min(500, Number(process.env['STUDBOOK_PROPERTY_SIZE'] ?? 12))
// Each run is a whole pull (its own set writer); a failure prints its seed for fast-check to replay.
const RUNS = scaledRuns(48)

const example = fc.record({
  start: fc.nat({ max: RECORDED.length - 1 }),
  count: fc.integer({ min: 1, max: MAX_PAGE }),
  at: fc.nat(),
  field: fc.constantFrom(...FIELDS),
  value: fc.constantFrom(...ODD)
})

const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {})

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null)
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null)

const pulls = setsPullsEachFile('v3-property', 10)

/** A fresh profile whose getSets requests `route` answers (v3 and v2 paths alike). */
function pullWith(
  route: (path: string, req: Request) => Promise<Response> | null,
  expected: number
): Promise<SetsPulled> {
  return pulls.pull(
    (req) => route(new URL(req.url).pathname, req) ?? pulls.svc.handle(req),
    expected
  )
}

function pullV3(sets: Obj[]) {
  const body = JSON.stringify({ status: 'success', matches: sets.length, sets })
  return pullWith(
    (path) =>
      /\/v3\.asmx\/getSets$/i.test(path)
        ? Promise.resolve(
            new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })
          )
        : null,
    sets.length
  )
}

describe('a production v3 page with one record changed at any field', () => {
  it(
    'stores the rest exactly, stores or counts the changed one, and completes',
    async () => {
      const seen: Outcomes = { stored: 0, counted: 0 }
      await fc.assert(
        fc.asyncProperty(example, async (e) => {
          const { sets, changed } = build(e)
          const pulled = await pullV3(sets)
          const { pid } = pulled
          pulls.expectCompleteWithOneChanged(pulled, sets.length, seen)
          for (const [i, s] of sets.entries()) {
            if (i === changed) continue
            const d = getSetDetail(pulls.store.read, setStateSql, pid, s['setID'] as number)
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
        { numRuns: RUNS }
      )
      expectBothOutcomes(seen, RUNS, 48)
    },
    LONG_LIMIT_MS
  )
})
