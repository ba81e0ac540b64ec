import type Database from 'better-sqlite3'

/** How many sets the search index finds for an FTS5 query. */
export function ftsMatches(db: Database.Database, text: string): number {
  return db
    .prepare(`SELECT count(*) FROM sets_fts WHERE sets_fts MATCH ?`)
    .pluck()
    .get(text) as number
}

/** What SQLite says of the search index: throws when it does not match `sets`. */
export function checkFtsIndex(db: Database.Database): void {
  db.exec(`INSERT INTO sets_fts (sets_fts, rank) VALUES ('integrity-check', 1)`)
}
