import type { WriteDb } from '../handles'

/** The on-disk image cache's index: which file holds which URL, its size and last use (LRU). */
export function up(db: WriteDb): void {
  db.exec(`
    CREATE TABLE media_cache (
      key TEXT PRIMARY KEY,
      url TEXT NOT NULL,
      file TEXT NOT NULL,
      content_type TEXT NOT NULL,
      size INTEGER NOT NULL,
      last_used INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX media_cache_lru ON media_cache (last_used);
  `)
}
