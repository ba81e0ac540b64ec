/**
 * The tables a source file's SQL names. SQL text in src/main is string and template literals (given to
 * sql`…`, prepare(…), exec(…) or built into those), so this reads every literal of a file, comments
 * left out, and finds the names after the keywords that take a table. `${…}` inside a template reads
 * as a placeholder: a name computed at run time is not seen (the machinery that does so is
 * allow-listed by the test that uses this).
 */

/** The text of every string and template literal in `source`, comments skipped. */
export function literals(source: string): string[] {
  const found: string[] = []
  let i = 0
  // Reads code up to an unmatched `}` (the end of a template's `${…}`) or the end of the text.
  const code = (): void => {
    let depth = 0
    while (i < source.length) {
      const c = source[i]
      const next = source[i + 1]
      if (c === '/' && next === '/') i = lineEnd(i)
      else if (c === '/' && next === '*')
        i = source.indexOf('*/', i + 2) < 0 ? source.length : source.indexOf('*/', i + 2) + 2
      else if (c === "'" || c === '"') quoted(c)
      else if (c === '`') template()
      else {
        if (c === '{') depth += 1
        if (c === '}') {
          if (depth === 0) return
          depth -= 1
        }
        i += 1
      }
    }
  }
  const lineEnd = (from: number): number => {
    const end = source.indexOf('\n', from)
    return end < 0 ? source.length : end
  }
  const quoted = (quote: string): void => {
    let text = ''
    i += 1
    while (i < source.length && source[i] !== quote && source[i] !== '\n') {
      if (source[i] === '\\') i += 1
      text += source[i] ?? ''
      i += 1
    }
    i += 1
    found.push(text)
  }
  const template = (): void => {
    let text = ''
    i += 1
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        text += source[i + 1] ?? ''
        i += 2
      } else if (source[i] === '$' && source[i + 1] === '{') {
        i += 2
        code()
        i += 1
        text += ' ? '
      } else {
        text += source[i] ?? ''
        i += 1
      }
    }
    i += 1
    found.push(text)
  }
  code()
  return found
}

const NAME = String.raw`(?:(?:main|temp)\.)?"?([a-z_][a-z0-9_]*)"?`
/** Statements that change a table's rows or its shape. */
const WRITE = new RegExp(
  String.raw`\b(?:INSERT(?:\s+OR\s+[A-Z]+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+[A-Z]+)?|DELETE\s+FROM|(?:CREATE|DROP|ALTER)\s+(?:VIRTUAL\s+)?TABLE(?:\s+IF\s+(?:NOT\s+)?EXISTS)?|INDEX(?:\s+IF\s+NOT\s+EXISTS)?\s+[a-z_0-9]+\s+ON|TRIGGER(?:\s+IF\s+NOT\s+EXISTS)?\s+[a-z_0-9]+\s+(?:AFTER|BEFORE)\s+(?:INSERT|UPDATE|DELETE)(?:\s+OF\s+[a-z_0-9, ]+?)?\s+ON)\s+${NAME}`,
  'g'
)
/** Where a statement reads a table. */
const READ = new RegExp(String.raw`\b(?:FROM|JOIN)\s+${NAME}`, 'g')

export interface TableUse {
  readonly table: string
  readonly writes: boolean
}

/**
 * Each known table the SQL of `source` names, and whether it writes it. Only names in `tables`
 * count: aliases, CTEs, `json_each` and `sqlite_schema` are not tables anyone owns.
 */
export function tablesUsed(source: string, tables: ReadonlySet<string>): TableUse[] {
  const writes = new Set<string>()
  const reads = new Set<string>()
  for (const text of literals(source)) {
    for (const m of text.matchAll(WRITE)) writes.add(m[1] ?? '')
    for (const m of text.matchAll(READ)) reads.add(m[1] ?? '')
  }
  return [...new Set([...writes, ...reads])]
    .filter((t) => tables.has(t))
    .sort()
    .map((table) => ({ table, writes: writes.has(table) }))
}
