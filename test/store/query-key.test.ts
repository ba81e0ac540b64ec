import { describe, expect, it } from 'vitest'
import { queryKey, sql } from '../../src/main/store/sql'

/**
 * Caches of counts and facets are keyed by their query with its values. A search's match bytes
 * (one per set: 200 kB at 200,000 sets) went into the key as JSON, an object of 200,000 keys:
 * ~40 ms a count, ten times the count itself (issue #25).
 */
describe('a query named for a cache', () => {
  it('names a blob by which object it is, in a few bytes however large', () => {
    const bytes = new Uint8Array(200_000)
    const key = queryKey(sql`SELECT count(*) FROM sets s WHERE substr(${bytes}, s.id + 1, 1)`)
    expect(key.length).toBeLessThan(200)
    expect(queryKey(sql`SELECT count(*) FROM sets s WHERE substr(${bytes}, s.id + 1, 1)`)).toBe(key)
    const other = new Uint8Array(200_000)
    expect(queryKey(sql`SELECT count(*) FROM sets s WHERE substr(${other}, s.id + 1, 1)`)).not.toBe(
      key
    )
  })

  it('keeps apart values a plain join would run together', () => {
    const keys = [
      queryKey(sql`SELECT ${1}`),
      queryKey(sql`SELECT ${'1'}`),
      queryKey(sql`SELECT ${1n}`),
      queryKey(sql`SELECT ${null}`),
      queryKey(sql`SELECT ${'a\u0001b'}, ${'c'}`),
      queryKey(sql`SELECT ${'a'}, ${'b\u0001c'}`)
    ]
    expect(new Set(keys).size).toBe(keys.length)
  })
})
