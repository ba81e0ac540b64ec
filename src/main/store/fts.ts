import type { ReadDb, WriteDb } from './handles'
import { all, get, run, transaction } from './handles'
import { noteCatalogueChange } from './match-sets'
import { inSlices, inSlicesOf, nextTurn } from './slices'
import { ANALYSIS_LIMIT, correctSetStatistics } from './set-statistics'
import type { SliceOptions } from './slices'
import { raw, sql } from './sql'

/** The columns of `sets` the search index holds, in index order. */
export const FTS_COLUMNS = 'full_number, name, theme, subtheme, tags, ean, upc'
const COLS = FTS_COLUMNS
/** The search index's tokenizer; initials.ts tokenizes non-ASCII text with the same one. */
export const FTS_TOKENIZE = 'unicode61 remove_diacritics 2'
const OLD = COLS.split(', ')
  .map((c) => `old.${c}`)
  .join(', ')
const NEW = COLS.split(', ')
  .map((c) => `new.${c}`)
  .join(', ')
const CHANGED = COLS.split(', ')
  .map((c) => `old.${c} IS NOT new.${c}`)
  .join(' OR ')

/**
 * Triggers keeping the external-content FTS index in step with `sets` for incremental changes.
 * The update trigger fires only when an indexed column really changed.
 */
export const FTS_TRIGGERS_SQL = `
  CREATE TRIGGER IF NOT EXISTS sets_fts_insert AFTER INSERT ON sets BEGIN
    INSERT INTO sets_fts (rowid, ${COLS}) VALUES (new.id, ${NEW});
  END;
  CREATE TRIGGER IF NOT EXISTS sets_fts_delete AFTER DELETE ON sets BEGIN
    INSERT INTO sets_fts (sets_fts, rowid, ${COLS}) VALUES ('delete', old.id, ${OLD});
  END;
  CREATE TRIGGER IF NOT EXISTS sets_fts_update AFTER UPDATE OF ${COLS} ON sets WHEN ${CHANGED} BEGIN
    INSERT INTO sets_fts (sets_fts, rowid, ${COLS}) VALUES ('delete', old.id, ${OLD});
    INSERT INTO sets_fts (rowid, ${COLS}) VALUES (new.id, ${NEW});
  END;
`

/**
 * Prefix indexes of 1, 2 and 3 characters: a one-letter search (the first keystroke) is the
 * worst case, and without a 1-character index FTS5 merges every term's list on each query.
 */
export const FTS_TABLE_SQL = `
  CREATE VIRTUAL TABLE sets_fts USING fts5 (
    ${COLS},
    content = 'sets', content_rowid = 'id',
    tokenize = '${FTS_TOKENIZE}', prefix = '1 2 3'
  );
`

/**
 * The lookup indexes of a scanned code and of the shop-exit filter (migration 110). Partial, over
 * plain columns: a set without the value costs them nothing, and one with it a b-tree insert, no
 * JSON parse (the old exit index parsed `detail` for every row written: +25% on each page). A load
 * written on the main thread keeps them up to date: building them at its end would hold the
 * thread for one CREATE INDEX per index (over 100 ms each at 200,000 sets), which cannot be done
 * in slices; one written by the set writer's worker builds them at its end (DEFERRED_INDEXES).
 * A lookup `col = ?`, `col IN (...)` or `col BETWEEN ...` implies `col IS NOT NULL`, so SQLite
 * still uses them.
 */
export const BULK_INDEXES_SQL = `
  CREATE INDEX IF NOT EXISTS sets_by_exit ON sets (profile_id, shop_exit)
    WHERE shop_exit IS NOT NULL;
  CREATE INDEX IF NOT EXISTS sets_by_ean ON sets (profile_id, ean) WHERE ean IS NOT NULL;
  CREATE INDEX IF NOT EXISTS sets_by_upc ON sets (profile_id, upc) WHERE upc IS NOT NULL;
`

/**
 * The indexes of `sets` a first load written off the main thread (sync/pull/set-writer.ts) builds
 * after its last page instead of keeping them up to date slice by slice: their rows come in no
 * order of theirs, so each slice's commit wrote most of their pages again (2-4x the load's whole
 * cost at 20,000 sets). Kept while loading: the unique (profile_id, set_id) the upsert needs and
 * `sets_by_number`, the order of the pages and of the default listing. Each is built in one
 * transaction of the writer's own (27-80 ms at 20,000 sets on a busy machine), and at once on
 * open after a crash (endBulkLoad), since dropping them goes with the triggers' "stale" mark.
 * Meanwhile a listing in another order than the number's, or a filter on a code, scans the sets
 * stored so far (tens of ms at 20,000); at 200,000 one CREATE INDEX holds the write lock for
 * several hundred ms, which a write of the main thread made then waits for.
 */
const DEFERRED_INDEXES: readonly (readonly [name: string, sql: string])[] = [
  ['sets_by_full_number', 'sets (profile_id, full_number)'],
  ['sets_by_name', 'sets (profile_id, name)'],
  ['sets_by_year', 'sets (profile_id, year, number_sort)'],
  ['sets_by_theme', 'sets (profile_id, theme, subtheme, year)'],
  ['sets_by_pieces', 'sets (profile_id, pieces)'],
  ['sets_by_rating', 'sets (profile_id, rating)'],
  ['sets_by_updated', 'sets (profile_id, last_updated)'],
  ['sets_by_availability', 'sets (profile_id, availability)'],
  ['sets_by_exit', 'sets (profile_id, shop_exit) WHERE shop_exit IS NOT NULL'],
  ['sets_by_ean', 'sets (profile_id, ean) WHERE ean IS NOT NULL'],
  ['sets_by_upc', 'sets (profile_id, upc) WHERE upc IS NOT NULL']
]

const createIndexSql = ([name, on]: readonly [string, string]) =>
  `CREATE INDEX IF NOT EXISTS ${name} ON ${on};`

/**
 * For a first load in step whose writer is not the main thread: drops the deferred indexes
 * (the catalogue is empty: at once). Only while the triggers are dropped, so a crash before the
 * end of the load leaves the mark that makes the next open build them again.
 */
export function deferIndexes(db: WriteDb, index: InStepIndex): void {
  if (!index.on || !ftsIsStale(db)) return
  transaction(db, () => {
    for (const [name] of DEFERRED_INDEXES) db.exec(`DROP INDEX IF EXISTS ${name};`)
  })
}

/**
 * The deferred indexes a load dropped, built again one a slice, each with its statistics in the
 * same transaction (the kept indexes' first). Without them SQLite takes any index on
 * `(profile_id, …)` as selective and plans the default listing on the newest one, sorting the
 * whole catalogue for 50 rows: 70-210 ms at 20,000 sets and 1-5 s at 200,000, on the main thread,
 * for every search from the first index built until `analyse` (issue #25). A connection reads
 * statistics again when the schema changes, which each CREATE INDEX does.
 */
async function restoreIndexes(db: WriteDb, options: SliceOptions): Promise<void> {
  const missing = DEFERRED_INDEXES.filter(
    ([name]) =>
      get<{ n: number }>(
        db,
        sql`SELECT count(*) AS n FROM sqlite_schema WHERE type = 'index' AND name = ${name}`
      )?.n === 0
  )
  let next = 0
  if (missing.length === 0) return
  db.pragma(`analysis_limit = ${String(ANALYSIS_LIMIT)}`)
  await inSlices(
    db,
    () => {
      if (next === 0) db.exec('ANALYZE sets')
      const index = missing[next++]
      if (index) {
        db.exec(createIndexSql(index))
        db.exec(`ANALYZE ${index[0]}`)
      }
      return { units: 1, more: next < missing.length }
    },
    { first: 1, max: 1, cache: true, ...options }
  )
}

/** True while a bulk load runs (or was interrupted): the index must be rebuilt before it is trusted. */
export function ftsIsStale(db: ReadDb): boolean {
  const row = get<{ n: number }>(
    db,
    sql`SELECT count(*) AS n FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'sets_fts_%'`
  )
  return (row?.n ?? 0) < 3
}

/**
 * Bulk loads insert plain rows and fill the search index once at the end (3x faster than per-row
 * triggers). Dropping the triggers is itself the "stale" marker, so a crash mid-load is detected.
 */
export function beginBulkLoad(db: WriteDb): void {
  db.exec(`DROP TRIGGER IF EXISTS sets_fts_insert;
    DROP TRIGGER IF EXISTS sets_fts_delete;
    DROP TRIGGER IF EXISTS sets_fts_update;`)
}

/** Fresh statistics after a bulk load, so the planner picks the indexes the search relies on. */
function analyseNow(db: WriteDb): void {
  db.pragma(`analysis_limit = ${String(ANALYSIS_LIMIT)}`)
  db.pragma('optimize = 0x10002')
  transaction(db, () => {
    correctSetStatistics(db)
  })
}

/** The same in slices of whole indexes (all at once: 150 ms at 200,000 sets on a busy machine). */
async function analyse(db: WriteDb, pace?: () => Promise<void>): Promise<void> {
  db.pragma(`analysis_limit = ${String(ANALYSIS_LIMIT)}`)
  const names = all<{ name: string }>(
    db,
    sql`SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'sets'`
  )
  // Statistics are derived data: written as a cache is (no fsync each), as many a slice as fit.
  await inSlicesOf(
    db,
    names,
    (part, last) => {
      // Names come from the schema itself, never from input; quoted all the same.
      for (const { name } of part) db.exec(`ANALYZE "${name.replaceAll('"', '""')}"`)
      if (last) correctSetStatistics(db)
    },
    { first: 1, max: 64, cache: true, ...(pace ? { pace } : {}) }
  )
}

/**
 * Ends a bulk load at once: the index rebuilt from `sets` and the triggers restored, in one
 * transaction. For opening a file a crash left mid-load (and for
 * benchmarks); a sync ends its load with `finishBulkLoad`, which keeps the thread free.
 */
export function endBulkLoad(db: WriteDb): void {
  db.transaction(() => {
    db.exec(DEFERRED_INDEXES.map(createIndexSql).join('\n'))
    db.exec(`INSERT INTO sets_fts (sets_fts) VALUES ('rebuild');`)
    db.exec(FTS_TRIGGERS_SQL)
  }).immediate()
  noteCatalogueChange(db)
  analyseNow(db)
}

/** Indexes the sets after `after` by id, up to `n` of them; returns the last id indexed. */
function fillFrom(db: WriteDb, after: number, n: number): { last: number; count: number } {
  const range = get<{ last: number | null; count: number }>(
    db,
    sql`SELECT max(id) AS last, count(*) AS count
        FROM (SELECT id FROM sets WHERE id > ${after} ORDER BY id LIMIT ${n})`
  )
  const last = range?.last ?? null
  if (last === null) return { last: after, count: 0 }
  run(
    db,
    sql`INSERT INTO sets_fts (rowid, ${raw(COLS)})
        SELECT id, ${raw(COLS)} FROM sets WHERE id > ${after} AND id <= ${last} ORDER BY id`
  )
  return { last, count: range?.count ?? 0 }
}

/**
 * A first load's search index filled with its pages, in the transactions that write them, so the
 * sets are found by their words as they arrive and the end of the load has nothing left to fill.
 * It holds while the index is a whole prefix of `sets` by id: every row up to `end` indexed, and
 * none of them changed since. Only a load that began on an empty catalogue starts in step; a
 * write that changes an indexed row (a set sent twice while the catalogue moved under the pages)
 * ends it, and the end of the load then fills the index from empty as before.
 */
export interface InStepIndex {
  on: boolean
  /** The last set id indexed. */
  end: number
}

/** For a load about to write its first page: in step when it begins on an empty catalogue. */
export function startInStep(db: ReadDb): InStepIndex {
  const empty = get<{ n: number }>(db, sql`SELECT NOT EXISTS (SELECT 1 FROM sets) AS n`)
  return { on: ftsIsStale(db) && empty?.n === 1, end: 0 }
}

/**
 * In the transaction that just wrote `changed` rows (inserted or updated) of `sets`: indexes the
 * new ones, or ends the index's step when some were updates of indexed rows.
 */
export function indexInStep(db: WriteDb, index: InStepIndex, changed: number): void {
  if (!index.on) return
  const range = get<{ last: number | null; count: number }>(
    db,
    sql`SELECT max(id) AS last, count(*) AS count FROM sets WHERE id > ${index.end}`
  )
  const fresh = range?.count ?? 0
  if (changed > fresh) {
    index.on = false
    return
  }
  const last = range?.last ?? null
  if (last === null) return
  run(
    db,
    sql`INSERT INTO sets_fts (rowid, ${raw(COLS)})
        SELECT id, ${raw(COLS)} FROM sets WHERE id > ${index.end} ORDER BY id`
  )
  index.end = last
}

/**
 * Ends a bulk load without holding the thread (issue #25: the one-transaction rebuild takes
 * seconds at 200,000 sets): the index emptied (at once when the load began on an empty one), then
 * filled by ranges of set ids in short transactions with the event loop given back between them
 * (or, in the set writer's worker, the main thread's leave awaited: `pace`), fresh statistics
 * taken, and the triggers restored last, which marks the index whole. Between slices a search
 * finds the sets indexed so far. Filling always starts from empty, so rows written while the
 * index was stale (a load cut off before this ran) cannot leave it wrong. `sets` must not change
 * while this runs: the sync is its only writer and awaits it. A crash part way leaves the triggers missing: the
 * next open rebuilds at once (repairFts), before anything else reads or writes.
 */
export async function finishBulkLoad(
  db: WriteDb,
  options: SliceOptions & { readonly inStep?: InStepIndex | null } = {}
): Promise<void> {
  const { inStep, ...slices } = options
  // Kept in step by the load itself: only what it has not indexed yet (nothing, usually) is left.
  let after = inStep?.on === true ? inStep.end : 0
  if (after === 0) {
    transaction(db, () => {
      db.exec(`INSERT INTO sets_fts (sets_fts) VALUES ('delete-all');`)
    })
  }
  await inSlices(
    db,
    (n) => {
      const { last, count } = fillFrom(db, after, n)
      after = last
      return { units: count, more: count === n }
    },
    { first: 500, max: 20_000, cache: true, ...slices }
  )
  noteCatalogueChange(db)
  await (slices.pace ?? nextTurn)()
  await restoreIndexes(db, slices)
  // Statistics before the triggers: ANALYZE on one connection is not seen by another (the set
  // writer's worker, then the main one) until its schema changes, which creating triggers does.
  await analyse(db, slices.pace)
  transaction(db, () => {
    db.exec(FTS_TRIGGERS_SQL)
  })
  noteCatalogueChange(db)
}

/** Called on open: repairs an index left stale by a crash during a bulk load. */
export function repairFts(db: WriteDb): boolean {
  if (!ftsIsStale(db)) return false
  endBulkLoad(db)
  return true
}
