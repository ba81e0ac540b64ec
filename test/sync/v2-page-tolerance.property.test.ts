import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { getSetDetail } from '../../src/main/catalogue/set-detail-repo'
import { RECORDS } from '../../src/shared/protocol/records'
import { runs as scaledRuns } from '../property-runs'
import { expectBothOutcomes, setsPullsEachFile } from './pull-sets-through'
import type { Outcomes } from './pull-sets-through'
import { setStateSql } from '../../src/main/collection/index'
import { LONG_LIMIT_MS } from '../limits'

// Issue 27 on v2: a v2 getSets page (the reference service's XML, through the real client, pull
// and SQLite) with one record changed at one field, any field of the record table, to any odd
// text, or the field taken away, given twice, made nil or given markup. The rest of the page is
// always stored, the changed record is stored or counted, and the pull always completes.

// Sets on the page; STUDBOOK_PROPERTY_SIZE (the repo's one size knob) raises it, up to a full page.
const SETS = Math.min(500, Number(process.env['STUDBOOK_PROPERTY_SIZE'] ?? 12))
// Each run is a whole pull (its own set writer); a failure prints its seed for fast-check to replay.
const RUNS = scaledRuns(48)
const FIELDS = RECORDS.sets.fields.map((f) => f.name)
const ODD = [
  'text',
  '',
  '-1',
  '1.5',
  '5.0000001',
  '2007',
  'true',
  'TRUE',
  '2021-12-27T08:32:36',
  '2021-12-27',
  '99999999999',
  '<b>x</b>',
  'gone',
  'twice',
  'nil'
] as const

const example = fc.record({
  at: fc.nat({ max: SETS - 1 }),
  field: fc.constantFrom(...FIELDS),
  value: fc.constantFrom(...ODD)
})
type Example = typeof example extends fc.Arbitrary<infer T> ? T : never

/** The page with record `at` changed at one field. */
function mutate(xml: string, e: Example): string {
  let k = -1
  return xml.replace(/<sets>[\s\S]*?<\/sets>/g, (record) => {
    if (++k !== e.at) return record
    const element = new RegExp(`<${e.field}(?: [^>]*)?(?:/>|>[\\s\\S]*?</${e.field}>)`)
    const present = element.exec(record)?.[0] ?? null
    const put = (text: string) =>
      present === null ? record.replace('</sets>', `${text}</sets>`) : record.replace(present, text)
    if (e.value === 'gone') return present === null ? record : record.replace(present, '')
    if (e.value === 'twice')
      return present === null ? record : record.replace(present, present + present)
    if (e.value === 'nil') return put(`<${e.field} xsi:nil="true" />`)
    return put(`<${e.field}>${e.value}</${e.field}>`)
  })
}

const one = (re: RegExp, record: string): string => re.exec(record)?.[1] ?? ''

const pulls = setsPullsEachFile('v2-page-tolerance', SETS)

async function pull(e: Example) {
  let original = ''
  const pulled = await pulls.pull(async (req) => {
    const path = new URL(req.url).pathname
    // No v3 here (an empty answer): the pull reads the catalogue through v2.
    if (/\/v3\.asmx\/getSets$/i.test(path)) return new Response('', { status: 200 })
    const res = await pulls.svc.handle(req)
    if (!/\/v2\.asmx\/getSets$/i.test(path)) return res
    original = await res.text()
    return new Response(mutate(original, e), { status: res.status, headers: res.headers })
  }, SETS)
  return { ...pulled, original }
}

describe('a v2 getSets page with one record changed at any field', () => {
  it(
    'stores the rest, stores or counts the changed one, and completes',
    async () => {
      const seen: Outcomes = { stored: 0, counted: 0 }
      await fc.assert(
        fc.asyncProperty(example, async (e) => {
          const pulled = await pull(e)
          const { pid, original } = pulled
          pulls.expectCompleteWithOneChanged(pulled, SETS, seen)
          const records = original.match(/<sets>[\s\S]*?<\/sets>/g) ?? []
          expect(records).toHaveLength(SETS)
          for (const [i, r] of records.entries()) {
            if (i === e.at) continue
            const d = getSetDetail(
              pulls.store.read,
              setStateSql,
              pid,
              Number(one(/<setID>(\d+)</, r))
            )
            expect(d?.fullNumber).toBe(
              `${one(/<number>([^<]*)</, r)}-${one(/<numberVariant>(\d+)</, r)}`
            )
          }
        }),
        { numRuns: RUNS }
      )
      expectBothOutcomes(seen, RUNS, 48)
    },
    LONG_LIMIT_MS
  )
})
