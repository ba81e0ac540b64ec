// The committed record of a mutation run (docs/mutation/): one small JSON summary per mutated
// source file, written from Stryker's report as each file finishes, so `npm run test:mutation --
// --score` can be checked from a fresh clone (Stryker's own reports stay in uncommitted
// test-results/). Timeouts are counted apart: a mutant that made the suite hang was not shown wrong
// by an assertion, so it is not a kill here, though Stryker's own score counts it as one.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

/** Where the summaries live, under the repository's root. */
export const SUMMARY_DIR = join('docs', 'mutation')

/** The file's git blob id: the same in every clone, unlike its mtime. */
export function blobHash(bytes) {
  const hash = createHash('sha1')
  hash.update(`blob ${bytes.length}\0`)
  hash.update(bytes)
  return hash.digest('hex')
}

/** Where `file` (a path under src/main, e.g. src/main/sync/runner.ts) has its summary. */
export function summaryPath(root, file) {
  return join(root, SUMMARY_DIR, relative(join('src', 'main'), file).replace(/\.ts$/, '.json'))
}

/** Stryker's statuses, counted. `other` is what no score counts (compile or runtime errors, ignored). */
export function countMutants(mutants) {
  const counts = { mutants: 0, killed: 0, survived: 0, timedOut: 0, noCoverage: 0, other: 0 }
  for (const m of mutants) {
    counts.mutants++
    if (m.status === 'Killed') counts.killed++
    else if (m.status === 'Survived') counts.survived++
    else if (m.status === 'Timeout') counts.timedOut++
    else if (m.status === 'NoCoverage') counts.noCoverage++
    else counts.other++
  }
  return counts
}

/**
 * The summary of one file from a Stryker report's entry (undefined: the file had nothing to
 * mutate, e.g. types alone). Survivors are listed by line so a reader can find them again.
 */
export function summaryOf({ file, entry, source, commit, date, tool }) {
  const mutants = entry?.mutants ?? []
  const left = mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
  return {
    file,
    sourceHash: blobHash(source),
    commit,
    date,
    tool,
    ...countMutants(mutants),
    left: left.map((m) => ({
      line: m.location.start.line,
      mutator: m.mutatorName,
      status: m.status,
      ...(m.replacement === undefined ? {} : { replacement: m.replacement })
    }))
  }
}

export function writeSummary(root, summary) {
  const path = summaryPath(root, summary.file)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, `${JSON.stringify(summary, null, 2)}\n`)
}

/** The summary kept for `file`, or undefined when it was never measured. */
export function readSummary(root, file) {
  const path = summaryPath(root, file)
  if (!existsSync(path)) return undefined
  return JSON.parse(readFileSync(path, 'utf8'))
}

/** Measured, and the source is still what was measured. */
export function isCurrent(root, file) {
  const summary = readSummary(root, file)
  return summary !== undefined && summary.sourceHash === blobHash(readFileSync(join(root, file)))
}

/** Killed over killed, survived, timed out and not covered: a timeout is not a kill. */
export function scoreOf(c) {
  const scored = c.killed + c.survived + c.timedOut + c.noCoverage
  return scored === 0 ? undefined : (100 * c.killed) / scored
}

function countsLine(c) {
  return (
    `${c.killed} killed, ${c.survived} survived, ${c.timedOut} timed out, ` +
    `${c.noCoverage} not covered` +
    (c.other > 0 ? `, ${c.other} not scored` : '')
  )
}

/** One line per file, then one per folder: what `--score` prints. */
export function scoreLines(root, folders, filesOf) {
  const lines = []
  for (const folder of folders) {
    const sum = { files: 0, of: 0, killed: 0, survived: 0, timedOut: 0, noCoverage: 0, other: 0 }
    for (const file of filesOf(folder)) {
      sum.of++
      const s = readSummary(root, file)
      if (s === undefined) {
        lines.push(`  ${file}: not measured yet`)
        continue
      }
      sum.files++
      for (const k of ['killed', 'survived', 'timedOut', 'noCoverage', 'other']) sum[k] += s[k]
      const score = scoreOf(s)
      const stale = isCurrent(root, file) ? '' : '; changed since'
      const when = `${s.commit.slice(0, 8)} ${s.date.slice(0, 10)}${stale}`
      lines.push(
        score === undefined
          ? `  ${file}: nothing to mutate (${when})`
          : `  ${file}: ${score.toFixed(1)} % of ${s.mutants} mutants (${countsLine(s)}; ${when})`
      )
    }
    const score = scoreOf(sum)
    lines.push(
      `${relative(join('src', 'main'), folder)}/: ` +
        `${score === undefined ? '-' : `${score.toFixed(1)} %`} over ${sum.files} of ${sum.of} ` +
        `files (${countsLine(sum)})`
    )
  }
  return lines
}

/** The TypeScript files Stryker mutates under `dir` (none when the folder is absent). */
export function mutatedFiles(root, dir) {
  if (!existsSync(join(root, dir))) return []
  const entries = readdirSync(join(root, dir), { withFileTypes: true })
  entries.sort((a, b) => (a.name < b.name ? -1 : 1))
  return entries.flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return mutatedFiles(root, path)
    if (!e.name.endsWith('.ts') || e.name === 'index.ts' || e.name.endsWith('-types.ts')) return []
    return [path]
  })
}
