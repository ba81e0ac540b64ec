import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, sources } from './source-files'
import { literals, tablesUsed } from './sql-tables'

/**
 * Each table has one owning folder of src/main (docs/architecture.md, "Tables and their owners"):
 * only the owner's files run SQL on it, other features call the owner's index.ts. The doc is the one
 * list; this test reads it, reads the SQL of every file in src/main, and fails on a table touched
 * outside its owner, on a table the migrations make that the doc leaves out, and on a doc line that
 * no longer matches the code.
 */
const DOC = join(ROOT, 'docs/architecture.md')
const MAIN = join(ROOT, 'src/main')

/** Files that run SQL on every table by design, each with its reason. */
const MACHINERY: Readonly<Record<string, string>> = {
  'src/main/store/migrations/': 'the migrations make and reshape every table',
  'src/main/store/fts.ts':
    'the search index over `sets`, made and rebuilt when the connection opens',
  'src/main/store/match-sets.ts': 'the matches of a text, read from the search index',
  'src/main/store/set-statistics.ts':
    "the planner's statistics of `sets`, corrected to its size and its profiles' count",
  'src/main/exchange/backup-repo.ts':
    'a backup is a copy of the whole database: it reads and checks every table of the file',
  'src/main/exchange/backup-strip-repo.ts':
    'a backup copy is stripped of caches and other profiles before it is written'
}

/** The outbox's raw state changes (collection/outbox-repo.ts): outside collection/, `outbox` instead. */
const RAW_OUTBOX =
  /\b(?:bumpAttempts|confirmRow|conflictRows|deleteRow|getRow|hasRoundWork|lastOutboxId|markRow|markSent|pendingPage|pendingRows?|pendingRowsOf|rebaseRow|sentValues|parseOutboxTarget)\b/

/**
 * Owners whose tables no other feature reads, not even in a join: every other feature calls the
 * owner's index.ts. A feature the owner imports (the catalogue, for collection/: an import back
 * would be a cycle) takes the owner's SQL through a port the owner implements (set-state-port.ts).
 */
const API_ONLY_OWNERS: readonly string[] = ['collection']

interface Owned {
  readonly owner: string
  /** Features whose own queries still read the table in a join, as the doc lists them. */
  readonly readers: readonly string[]
}

/** The doc's table: `| \`table\` | \`owner\` | \`reader\`, … — why |` rows of its section. */
function ownersFromDoc(text: string): Map<string, Owned> {
  const section = text.split('\n## Tables and their owners\n')[1]?.split('\n## ')[0] ?? ''
  const owners = new Map<string, Owned>()
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim())
    const table = /^`([a-z_0-9]+)`$/.exec(cells[1] ?? '')?.[1]
    const owner = /^`([a-z]+)\/`$/.exec(cells[2] ?? '')?.[1]
    if (table === undefined || owner === undefined) continue
    const readers = [...((cells[3] ?? '').split(/ — | - /)[0] ?? '').matchAll(/`([a-z]+)\/`/g)].map(
      (m) => m[1] ?? ''
    )
    owners.set(table, { owner, readers })
  }
  return owners
}

/** The folder of src/main a file sits in: `collection` for src/main/collection/edits.ts. */
const areaOf = (file: string): string => file.split('/')[2] ?? ''

const isMachinery = (file: string): boolean =>
  Object.keys(MACHINERY).some((m) => (m.endsWith('/') ? file.startsWith(m) : file === m))

/** Tables the migrations leave behind: every CREATE TABLE, less those renamed away or dropped. */
function migratedTables(): Set<string> {
  const made = new Set<string>()
  for (const file of sources(join(MAIN, 'store/migrations')).sort()) {
    for (const text of literals(readFileSync(file, 'utf8'))) {
      for (const m of text.matchAll(
        /\b(CREATE (?:VIRTUAL )?TABLE|DROP TABLE|ALTER TABLE) ([a-z_0-9]+)(?: RENAME TO ([a-z_0-9]+))?/g
      )) {
        const [, verb, name = '', renamed] = m
        if (verb === 'DROP TABLE') made.delete(name)
        else if (renamed !== undefined) {
          made.delete(name)
          made.add(renamed)
        } else if (verb !== 'ALTER TABLE') made.add(name)
      }
    }
  }
  // The FTS table's statement is a constant of store/fts.ts that migration 10 runs.
  made.add('sets_fts')
  return made
}

interface Use {
  readonly file: string
  readonly table: string
  readonly writes: boolean
}

function uses(tables: ReadonlySet<string>): Use[] {
  return sources(MAIN)
    .map((path) => relative(ROOT, path))
    .filter((file) => !isMachinery(file))
    .flatMap((file) =>
      tablesUsed(readFileSync(join(ROOT, file), 'utf8'), tables).map((u) => ({ file, ...u }))
    )
}

describe('tables and their owners', () => {
  const owners = ownersFromDoc(readFileSync(DOC, 'utf8'))
  const all = uses(new Set(owners.keys()))

  it('reads table names out of SQL literals, not comments or code', () => {
    const source = [
      '// SELECT * FROM outbox',
      "const a = sql`SELECT s.id FROM sets s LEFT JOIN set_state st ON st.id = ${raw('x')}`",
      "db.prepare('INSERT OR REPLACE INTO copies (a) VALUES (?)').run(1)",
      'db.exec(`DELETE FROM journal; UPDATE main.outbox SET a = 1`)',
      'const sets = from(journal) /* FROM flag_labels */'
    ].join('\n')
    const tables = new Set(['sets', 'set_state', 'copies', 'journal', 'outbox', 'flag_labels'])
    expect(tablesUsed(source, tables)).toEqual([
      { table: 'copies', writes: true },
      { table: 'journal', writes: true },
      { table: 'outbox', writes: true },
      { table: 'set_state', writes: false },
      { table: 'sets', writes: false }
    ])
  })

  it('lists every table the migrations make, and no other', () => {
    expect([...owners.keys()].sort()).toEqual([...migratedTables()].sort())
  })

  it('names owners that are folders of src/main', () => {
    const folders = new Set(sources(MAIN).map((f) => areaOf(relative(ROOT, f))))
    const bad = [...owners].filter(
      ([, o]) => !folders.has(o.owner) || o.readers.some((r) => !folders.has(r) || r === o.owner)
    )
    expect(bad).toEqual([])
  })

  it('no file runs SQL on a table its folder does not own', () => {
    const outside = all
      .filter((u) => {
        const o = owners.get(u.table)
        if (o === undefined || areaOf(u.file) === o.owner) return false
        return u.writes || !o.readers.includes(areaOf(u.file))
      })
      .map((u) => `${u.file} ${u.writes ? 'writes' : 'reads'} ${u.table}`)
    expect(outside).toEqual([])
  })

  it("outside collection/, no file reads the collection's tables", () => {
    const readers = all
      .filter((u) => API_ONLY_OWNERS.includes(owners.get(u.table)?.owner ?? ''))
      .filter((u) => areaOf(u.file) !== owners.get(u.table)?.owner)
      .map((u) => `${u.file} reads ${u.table}`)
    expect(readers).toEqual([])
  })

  it("lists no reader of the collection's tables", () => {
    const listed = [...owners].flatMap(([table, o]) =>
      API_ONLY_OWNERS.includes(o.owner) ? o.readers.map((r) => `${r}/ ${table}`) : []
    )
    expect(listed).toEqual([])
  })

  it('lists a reader only while it still reads the table', () => {
    const stale = [...owners].flatMap(([table, o]) =>
      o.readers
        .filter((r) => !all.some((u) => u.table === table && areaOf(u.file) === r))
        .map((r) => `${r}/ no longer reads ${table}`)
    )
    expect(stale).toEqual([])
  })

  it('allow-lists only machinery that exists', () => {
    const files = sources(MAIN).map((f) => relative(ROOT, f))
    const missing = Object.keys(MACHINERY).filter((m) => !files.some((f) => f.startsWith(m)))
    expect(missing).toEqual([])
  })

  it('outside collection/, the outbox changes state only through its Outbox API', () => {
    const raw = sources(MAIN)
      .map((path) => relative(ROOT, path))
      .filter((file) => !file.startsWith('src/main/collection/'))
      .filter((file) =>
        [
          ...readFileSync(join(ROOT, file), 'utf8').matchAll(
            /import\s*\{([^}]*)\}\s*from\s*'[./]+\/collection\/index'/g
          )
        ].some((m) => RAW_OUTBOX.test(m[1] ?? ''))
      )
    expect(raw).toEqual([])
  })
})
