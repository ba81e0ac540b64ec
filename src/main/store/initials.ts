import type { WriteDb } from './handles'
import { FTS_TOKENIZE } from './fts'

/**
 * Each set's "initials": one bit per character a-z and 0-9 that begins a word of its indexed text
 * (number, name, theme, subtheme, tags, EAN, UPC) as the search index tokenizes it. A one-letter
 * search is then `initials & bit` tested while walking the sort order, which stops after a page,
 * instead of reading the FTS hits of a letter that most sets match ("s": 150,000 of 200,000).
 *
 * The bits must equal what FTS5's `"c"*` matches, or pages and totals would disagree. For ASCII
 * text the unicode61 tokenizer's words are exactly the runs of [A-Za-z0-9], so plain JavaScript
 * computes them; any other text goes through a scratch FTS5 table with the same tokenizer, so
 * case folding and diacritics are handled by SQLite itself, never by an imitation of it.
 */
export const INITIAL_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** The bit of a one-character search, or null when it is not one of INITIAL_CHARS. */
export function initialBit(ch: string): number | null {
  const i = INITIAL_CHARS.indexOf(ch)
  // Powers of two up to 2^35: past 32-bit bitwise operators, exact as doubles and SQLite integers.
  return ch.length === 1 && i >= 0 ? 2 ** i : null
}

/** Text fields of a set in index column order (see FTS columns in fts.ts). */
export type IndexedText = readonly (string | null)[]

/** The initials value of the INITIAL_CHARS indexes that begin a word. */
function sumBits(seen: readonly boolean[]): number {
  let bits = 0
  seen.forEach((hit, i) => {
    if (hit) bits += 2 ** i
  })
  return bits
}

function bitsOf(firstChars: Iterable<string>): number {
  const seen: boolean[] = []
  for (const c of firstChars) {
    const i = INITIAL_CHARS.indexOf(c.toLowerCase())
    if (c.length === 1 && i >= 0) seen[i] = true
  }
  return sumBits(seen)
}

/** Index in INITIAL_CHARS of an ASCII letter or digit (either case), else -1. */
function initialIndex(code: number): number {
  if (code >= 97 && code <= 122) return code - 97
  if (code >= 65 && code <= 90) return code - 65
  if (code >= 48 && code <= 57) return code - 48 + 26
  return -1
}

/**
 * The initials of ASCII-only text; null when the text has other characters. One pass over the
 * characters: it runs for every set a sync writes.
 */
function asciiInitials(texts: IndexedText): number | null {
  const seen: boolean[] = []
  for (const text of texts) {
    if (text === null) continue
    let inWord = false
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i)
      if (code > 127) return null
      const index = initialIndex(code)
      if (index >= 0 && !inWord) seen[index] = true
      inWord = index >= 0
    }
  }
  return sumBits(seen)
}

const tokenizers = new WeakSet<WriteDb>()

/**
 * The initials of texts with non-ASCII characters, from a scratch FTS5 table in the connection's
 * temp schema tokenized exactly like the search index, read back through fts5vocab.
 */
function tokenizedInitials(db: WriteDb, texts: readonly IndexedText[]): number[] {
  if (texts.length === 0) return []
  if (!tokenizers.has(db)) {
    db.exec(`
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.initials_scratch USING fts5 (t, tokenize = '${FTS_TOKENIZE}');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.initials_vocab
        USING fts5vocab ('temp', 'initials_scratch', 'instance');
    `)
    tokenizers.add(db)
  }
  const insert = db.prepare('INSERT INTO temp.initials_scratch (rowid, t) VALUES (?, ?)')
  texts.forEach((t, i) => insert.run(i + 1, t.filter((x) => x !== null).join(' ')))
  const rows = db
    .prepare('SELECT DISTINCT doc, substr(term, 1, 1) AS c FROM temp.initials_vocab')
    .all() as { doc: number; c: string }[]
  db.exec('DELETE FROM temp.initials_scratch')
  const chars = texts.map((): string[] => [])
  for (const r of rows) chars[r.doc - 1]?.push(r.c)
  return chars.map(bitsOf)
}

/** Initials of many sets: ASCII ones in JavaScript, the rest in one pass through the tokenizer. */
export function initialsOf(db: WriteDb, texts: readonly IndexedText[]): number[] {
  const out = texts.map(asciiInitials)
  const others = out.flatMap((v, i) => (v === null ? [i] : []))
  const tokenized = tokenizedInitials(
    db,
    others.map((i) => texts[i] ?? [])
  )
  others.forEach((i, k) => (out[i] = tokenized[k] ?? 0))
  return out.map((v) => v ?? 0)
}
