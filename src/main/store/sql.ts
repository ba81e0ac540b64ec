/**
 * A query built by the `sql` tagged template: text with `?` placeholders and the bound values.
 * Values are always bound, never spliced, so user text cannot change a statement's meaning.
 *
 * @example db.prepare(q.text).all(...q.params) where q = sql`SELECT * FROM sets WHERE set_id = ${id}`
 */
export interface Sql {
  readonly text: string
  readonly params: readonly SqlValue[]
  readonly [SQL_BRAND]: true
}

const SQL_BRAND = Symbol('sql')

type SqlValue = string | number | bigint | null | Uint8Array

type SqlFragment = Sql

function fragment(text: string, params: readonly SqlValue[]): SqlFragment {
  return { text, params, [SQL_BRAND]: true }
}

function isFragment(v: unknown): v is SqlFragment {
  return typeof v === 'object' && v !== null && SQL_BRAND in v
}

/**
 * The text of each call site's template, made once: a site's strings are one object for the life
 * of the program, so a statement whose values are all plain (no fragment) has one text. Joining
 * the pieces on every call built the set upsert's 2 kB text again for each row, and the statement
 * cache then hashed that new string (7 µs a row, 140 ms of the set writer's thread at 20,000 sets;
 * issue #25); one string object keeps its hash.
 */
const plainTexts = new WeakMap<TemplateStringsArray, string>()

function plainValues(values: readonly (SqlValue | Sql)[]): values is SqlValue[] {
  for (const v of values) if (isFragment(v)) return false
  return true
}

export function sql(strings: TemplateStringsArray, ...values: (SqlValue | Sql)[]): SqlFragment {
  if (plainValues(values)) {
    let plain = plainTexts.get(strings)
    if (plain === undefined) {
      plain = strings.join('?')
      plainTexts.set(strings, plain)
    }
    return fragment(plain, values)
  }
  let text = strings[0] ?? ''
  const params: SqlValue[] = []
  values.forEach((v, i) => {
    if (isFragment(v)) {
      text += v.text
      params.push(...v.params)
    } else {
      text += '?'
      params.push(v)
    }
    text += strings[i + 1] ?? ''
  })
  return fragment(text, params)
}

/** Joins fragments with a separator, e.g. `join(conditions, ' AND ')`. */
export function join(parts: readonly Sql[], separator: string): SqlFragment {
  return fragment(
    parts.map((p) => p.text).join(separator),
    parts.flatMap((p) => p.params)
  )
}

/** A fixed piece of SQL text chosen by code (never user text), e.g. a column picked from a whitelist. */
export function raw(text: string): SqlFragment {
  return fragment(text, [])
}

/** Numbers naming blobs in queryKey, by identity. */
const blobIds = new WeakMap<Uint8Array, number>()
let nextBlobId = 1

/**
 * A key naming a query with its values, for a cache of its result: equal keys, equal text and
 * values. A blob is named by which object it is, never by its bytes: a search's match bytes are
 * 200 kB at 200,000 sets, and their JSON (an object of 200,000 keys) cost ~40 ms a count (issue
 * #25). Two equal blobs that are different objects only miss each other's entries; the blobs
 * bound here are never changed once made (store/match-sets.ts).
 */
export function queryKey(q: Sql): string {
  return JSON.stringify([q.text, q.params], (_, v: unknown) => {
    if (v instanceof Uint8Array) {
      let id = blobIds.get(v)
      if (id === undefined) {
        id = nextBlobId++
        blobIds.set(v, id)
      }
      return { blob: id }
    }
    return typeof v === 'bigint' ? { bigint: String(v) } : v
  })
}
