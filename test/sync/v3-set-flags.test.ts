import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkV3SetsAnswer } from '../../src/shared/protocol/v3-set-records'
import { AppError } from '../../src/shared/errors'

/**
 * `collection.flags` of a v3 getSets record (docs/protocol.md §5, [unknown]): read only as the list
 * of eight `{flagNo, value}`; any other shape, or none, is "not known" (null) and never refuses the
 * record or its page.
 */

type Obj = Record<string, unknown>
const RECORDED = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/production/production-v3/getSets-sets.json'), 'utf8')
) as Obj[]

const list = (on: readonly number[]) =>
  Array.from({ length: 8 }, (_, i) => ({ flagNo: i + 1, value: on.includes(i + 1) }))

/** The first three recorded sets, the second one's `collection.flags` set to `flags`. */
function page(flags: unknown): Obj {
  const sets = RECORDED.slice(0, 3).map((s) => structuredClone(s))
  const c = (sets[1]?.['collection'] ?? {}) as Obj
  if (flags === undefined) Reflect.deleteProperty(c, 'flags')
  else c['flags'] = flags
  return { status: 'success', matches: 3, sets }
}

const CASES: readonly (readonly [string, unknown, number | null])[] = [
  ['omitted (as recorded)', undefined, null],
  ['null', null, null],
  ['the list of eight', list([2, 5]), 0b10010],
  ['the list of eight, out of order', list([8]).reverse(), 0b10000000],
  ['the list, all off', list([]), 0],
  ['a shorter list', [{ flagNo: 2, value: true }], null],
  ['an empty list', [], null],
  ['a list naming a flag twice', [...list([1]).slice(0, 7), { flagNo: 1, value: false }], null],
  ['a list with flag 9', [...list([]).slice(0, 7), { flagNo: 9, value: true }], null],
  ['a list with a text value', list([1]).map((f) => ({ ...f, value: String(f.value) })), null],
  ['[false, …]', [false, true, false, false, false, false, false, false], null],
  ['[0, 1, …]', [0, 1, 0, 0, 0, 0, 0, 0], null],
  ['{flag1: …}', { flag1: true, flag2: false }, null],
  ['text', '1,0,0,0,0,0,0,0', null],
  ['a number', 5, null]
]

describe('v3 getSets collection.flags', () => {
  it.each(CASES)('%s: every set is stored; %j reads as %j', (_, flags, mask) => {
    const answer = checkV3SetsAnswer(page(flags))
    expect(answer.rejected).toEqual([])
    expect(answer.sets.map((s) => s.flat.setID)).toEqual(
      RECORDED.slice(0, 3).map((s) => s['setID'])
    )
    expect(answer.sets[1]?.collection?.flags).toBe(mask)
    // Their other values are read as ever.
    expect(answer.sets[1]?.collection?.owned).toBe(true)
    expect(answer.sets[0]?.collection?.flags).toBeNull()
  })

  it('believes neither record’s flags when a setID is given twice with different ones', () => {
    const p = page(list([3]))
    const sets = p['sets'] as Obj[]
    const again = structuredClone(sets[1] ?? {})
    ;(again['collection'] as Obj)['flags'] = list([4])
    sets.push(again)
    const answer = checkV3SetsAnswer({ ...p, matches: 4 })
    expect(answer.sets[1]?.collection?.flags).toBeNull()
    expect(answer.rejected).toHaveLength(1)
  })

  it('leaves a page longer than any page asked for to be refused whole', () => {
    const sets = Array.from({ length: 501 }, (_, i) => ({
      ...structuredClone(RECORDED[0] ?? {}),
      setID: i + 1,
      collection: { owned: true, flags: [false] }
    }))
    let caught: unknown = null
    try {
      checkV3SetsAnswer({ status: 'success', matches: 501, sets })
    } catch (e) {
      caught = e
    }
    expect(caught).toBeInstanceOf(AppError)
    expect((caught as AppError).code).toBe('bad_record')
  })
})
