import { describe, expect, it } from 'vitest'
import { join, raw, sql } from '../../src/main/store/sql'
import type { Sql } from '../../src/main/store/sql'

/**
 * A statement's text is made once per place in the code when all its values are plain (store/sql.ts);
 * with a fragment among them it is made on each call. Either way the text and values are the ones
 * written, whichever kind of call came first.
 */
describe('a statement built by the sql tag', () => {
  // One place in the code, called with plain values or with a fragment.
  const at = (where: string | number | null | Sql, id: number) =>
    sql`SELECT name FROM sets WHERE ${where} AND set_id = ${id}`

  it('binds every plain value in order, the same text each call', () => {
    const first = at('a', 1)
    const again = at(2, 3)
    expect(first.text).toBe('SELECT name FROM sets WHERE ? AND set_id = ?')
    expect(again.text).toBe(first.text)
    expect(first.params).toEqual(['a', 1])
    expect(again.params).toEqual([2, 3])
  })

  it('splices a fragment into the text of a place that was called with plain values before', () => {
    at('plain first', 0)
    const withFragment = at(join([sql`theme = ${'Space'}`, raw('year > 2000')], ' OR '), 7)
    expect(withFragment.text).toBe(
      'SELECT name FROM sets WHERE theme = ? OR year > 2000 AND set_id = ?'
    )
    expect(withFragment.params).toEqual(['Space', 7])
    const plainAfter = at(null, 8)
    expect(plainAfter.text).toBe('SELECT name FROM sets WHERE ? AND set_id = ?')
    expect(plainAfter.params).toEqual([null, 8])
  })

  it('keeps a blob a value, never text', () => {
    const bytes = new Uint8Array([1, 2, 3])
    const q = sql`SELECT substr(${bytes}, 1, 1)`
    expect(q.text).toBe('SELECT substr(?, 1, 1)')
    expect(q.params[0]).toBe(bytes)
  })
})
