import type Database from 'better-sqlite3'
import type { Sql } from './sql'

declare const readBrand: unique symbol
declare const writeBrand: unique symbol

/** A handle that may only read: query functions say what they need in their signature. */
export type ReadDb = Database.Database & { readonly [readBrand]: true }
/** A handle that may also write (and run transactions). */
export type WriteDb = ReadDb & { readonly [writeBrand]: true }

const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>()

/**
 * The prepared statement for a query's text, compiled once per connection: better-sqlite3's
 * `prepare` compiles on every call, which costs more than most of our queries themselves.
 */
export function stmt(db: ReadDb, q: Sql): Database.Statement {
  let byText = cache.get(db)
  if (!byText) {
    byText = new Map()
    cache.set(db, byText)
  }
  let s = byText.get(q.text)
  if (!s) {
    s = db.prepare(q.text)
    byText.set(q.text, s)
  }
  return s
}

export function all<T>(db: ReadDb, q: Sql): T[] {
  return stmt(db, q).all(...q.params) as T[]
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T names the row shape the query selects
export function get<T>(db: ReadDb, q: Sql): T | undefined {
  return stmt(db, q).get(...q.params) as T | undefined
}

export function run(db: WriteDb, q: Sql): Database.RunResult {
  return stmt(db, q).run(...q.params)
}

/** Runs `fn` in one IMMEDIATE transaction (the write lock is taken up front, so no upgrade deadlock). */
export function transaction<T>(db: WriteDb, fn: () => T): T {
  return db.transaction(fn).immediate()
}
