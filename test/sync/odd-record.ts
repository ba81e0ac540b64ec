import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * One odd record in a production page (issue 27): the recorded production v3 sets, every field
 * they carry (and the optional ones production leaves out), and the odd values a hand-entered
 * catalogue may hold. Shared by the page-level and whole-sync property tests.
 */

export type Obj = Record<string, unknown>

export const RECORDED = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/production/production-v3/getSets-sets.json'), 'utf8')
) as Obj[]

/** Every leaf of the recorded records, and the optional ones production leaves out. */
function leaves(v: unknown, at: string, out: Set<string>): void {
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    const keys = Object.keys(v)
    if (keys.length === 0 && at !== '') out.add(at)
    for (const k of keys) leaves((v as Obj)[k], at === '' ? k : `${at}.${k}`, out)
  } else out.add(at)
}

export const FIELDS = (() => {
  const out = new Set<string>()
  for (const r of RECORDED) leaves(r, '', out)
  for (const extra of [
    'LEGOCom.US.retailPrice',
    'LEGOCom.UK.dateFirstAvailable',
    'LEGOCom.DE.dateLastAvailable',
    'ageRange.min',
    'ageRange.max',
    'dimensions.height',
    'dimensions.weight',
    'barcode.EAN',
    'extendedData.tags',
    'extendedData.notes'
  ])
    out.add(extra)
  return [...out].sort()
})()

/** Odd values; 'gone' takes the key away. */
export const ODD: readonly unknown[] = [
  'text',
  '',
  '2007',
  '-1',
  7,
  0,
  -1,
  -3,
  1.5,
  5.0000001,
  1999,
  true,
  null,
  [],
  {},
  ['castle', null],
  '2021-12-27T08:32:36.47',
  '2021-12-27T08:32:36+00:00',
  '2019-06-01',
  'gone'
]

/** Changes `record` at the dotted `field` to `value` in place ('gone': the key is taken away). */
export function changeField(record: Obj, field: string, value: unknown): void {
  const path = field.split('.')
  let target = record
  for (const k of path.slice(0, -1)) {
    if (typeof target[k] !== 'object' || target[k] === null) target[k] = {}
    target = target[k] as Obj
  }
  const last = path[path.length - 1] ?? ''
  if (value === 'gone') Reflect.deleteProperty(target, last)
  else target[last] = structuredClone(value)
}

/** A recorded production page of `count` sets from `start`, one record changed; its index. */
export function build(e: {
  start: number
  count: number
  at: number
  field: string
  value: unknown
}): { sets: Obj[]; changed: number } {
  const sets = Array.from({ length: Math.min(e.count, RECORDED.length - e.start) }, (_, i) =>
    structuredClone(RECORDED[e.start + i] ?? {})
  )
  const changed = e.at % sets.length
  changeField(sets[changed] as Obj, e.field, e.value)
  return { sets, changed }
}
