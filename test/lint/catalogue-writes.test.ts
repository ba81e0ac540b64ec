import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Search caches what a text matches until the catalogue changes, and learns of a change only from
 * sets-repo.ts (noteCatalogueChange). A statement writing `sets` anywhere else would leave search
 * answering from a stale cache, so there must be none (migrations run before the cache exists).
 */
const ROOT = join(import.meta.dirname, '../..')
const WRITES_SETS =
  /\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM|REPLACE\s+INTO)\s+(?:main\.)?sets\b/i

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sources(path)
    return /\.(ts|svelte)$/.test(e.name) ? [path] : []
  })
}

describe('writes to the catalogue cache', () => {
  it('happen only in catalogue/sets-repo.ts (and migrations)', () => {
    const writers = sources(join(ROOT, 'src'))
      .filter((f) => WRITES_SETS.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f))
      .filter((f) => !f.startsWith('src/main/store/migrations/'))
    expect(writers).toEqual(['src/main/catalogue/sets-repo.ts'])
  })

  it('the pattern recognises the statements it guards against', () => {
    for (const s of [
      'INSERT INTO sets (a) VALUES (1)',
      'insert or replace into sets values (1)',
      'UPDATE sets SET name = 1',
      'DELETE FROM main.sets WHERE 1'
    ]) {
      expect(s).toMatch(WRITES_SETS)
    }
    expect('INSERT INTO set_state (a) VALUES (1)').not.toMatch(WRITES_SETS)
  })
})
