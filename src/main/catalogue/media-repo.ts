import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { sql } from '../store/sql'

interface MediaEntry {
  readonly key: string
  readonly url: string
  readonly file: string
  readonly contentType: string
  readonly size: number
}

export function findMedia(db: ReadDb, key: string): MediaEntry | null {
  const r = get<{ key: string; url: string; file: string; content_type: string; size: number }>(
    db,
    sql`SELECT key, url, file, content_type, size FROM media_cache WHERE key = ${key}`
  )
  return r
    ? { key: r.key, url: r.url, file: r.file, contentType: r.content_type, size: r.size }
    : null
}

export function touchMedia(db: WriteDb, key: string, at: number): void {
  run(db, sql`UPDATE media_cache SET last_used = ${at} WHERE key = ${key}`)
}

export function putMedia(db: WriteDb, e: MediaEntry, at: number): void {
  run(
    db,
    sql`INSERT OR REPLACE INTO media_cache (key, url, file, content_type, size, last_used)
        VALUES (${e.key}, ${e.url}, ${e.file}, ${e.contentType}, ${e.size}, ${at})`
  )
}

export function deleteMedia(db: WriteDb, key: string): void {
  run(db, sql`DELETE FROM media_cache WHERE key = ${key}`)
}

export function mediaTotalSize(db: ReadDb): number {
  return get<{ n: number | null }>(db, sql`SELECT sum(size) AS n FROM media_cache`)?.n ?? 0
}

/** Least recently used first: the eviction order. */
export function oldestMedia(db: ReadDb, limit: number): MediaEntry[] {
  return all<{ key: string; url: string; file: string; content_type: string; size: number }>(
    db,
    sql`SELECT key, url, file, content_type, size FROM media_cache ORDER BY last_used, key LIMIT ${limit}`
  ).map((r) => ({
    key: r.key,
    url: r.url,
    file: r.file,
    contentType: r.content_type,
    size: r.size
  }))
}

/** The index of a cache folder that is gone (deleted by the user or the OS): it lists nothing. */
export function clearMedia(db: WriteDb): void {
  run(db, sql`DELETE FROM media_cache`)
}
