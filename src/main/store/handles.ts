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

/**
 * Runs `fn`'s writes with a commit that does not wait for the disk (`synchronous = NORMAL` for
 * them, FULL again after): in WAL mode such a commit survives the app's crash or kill, and only a
 * power loss may take it back. For bookkeeping that may be a little behind after a power cut, never
 * for a user's edit. The main connection's commits wait for an fsync of the WAL, and while the
 * set writer's worker fills that WAL, each waited 10-11 ms at load 9 (0.7-4.4 ms without the
 * wait): the allowance count of every getSets request, on the thread that answers the user.
 * Inside a transaction the setting cannot change; `fn` then runs as the transaction commits.
 */
export function withLazyCommit<T>(db: WriteDb, fn: () => T): T {
  if (db.inTransaction) return fn()
  db.pragma('synchronous = NORMAL')
  try {
    return fn()
  } finally {
    if (db.open) db.pragma('synchronous = FULL')
  }
}
