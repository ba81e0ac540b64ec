import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'

const DOC = join(import.meta.dirname, '../docs/benchmarks.md')
const SECTION = '## Store and sync'

/** Replaces (or appends) one `### title` part of the "Store and sync" section, keeping all else. */
export function writeStoreSection(title: string, body: string): void {
  let doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Benchmarks\n'
  if (!doc.includes(`\n${SECTION}\n`)) doc = `${doc.trimEnd()}\n\n${SECTION}\n`
  const start = doc.indexOf(`\n${SECTION}\n`) + 1
  const next = doc.indexOf('\n## ', start + SECTION.length)
  const end = next === -1 ? doc.length : next + 1
  let section = doc.slice(start, end)
  const head = `### ${title}\n`
  const part = `${head}\n${body.trim()}\n\n`
  const at = section.indexOf(head)
  if (at === -1) {
    section = `${section.trimEnd()}\n\n${part}`
  } else {
    const after = section.indexOf('\n### ', at + head.length)
    section = section.slice(0, at) + part + (after === -1 ? '' : section.slice(after + 1))
  }
  writeFileSync(
    DOC,
    doc.slice(0, start) + section.trimEnd() + '\n' + (end < doc.length ? '\n' + doc.slice(end) : '')
  )
}

/** Replaces (or appends) the `## title` section of docs/benchmarks.md, keeping the rest. */
export function writeSection(title: string, body: string): void {
  let doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Benchmarks\n'
  const head = `## ${title}`
  const start = doc.indexOf(`\n${head}\n`)
  const section = `${head}\n\n${body.trim()}\n`
  if (start === -1) doc = `${doc.trimEnd()}\n\n${section}`
  else {
    const next = doc.indexOf('\n## ', start + head.length + 1)
    doc = doc.slice(0, start + 1) + section + (next === -1 ? '' : `\n${doc.slice(next + 1)}`)
  }
  writeFileSync(DOC, doc)
}

/** The machine, and how busy it was: these cores are shared, so the load average matters. */
export function machine(): string {
  const load = loadavg()[0] ?? 0
  return `${cpuModel()}, Node ${process.version}, load average ${load.toFixed(1)} at the start`
}

/**
 * The 1-, 5- and 15-minute load averages as `uptime` prints them ("1.05, 2.00, 2.63"), read
 * without starting `uptime`: a child process forks this one, and every page of its
 * memory is then copied on its next write. A benchmark that timed the step after it measured
 * those copies: a restore's apply held the main thread 115-157 ms where SQLite, freeing its page
 * cache, wrote to pages the fork had shared, against 10-20 ms without the fork.
 */
export function loadAverages(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')
}

function cpuModel(): string {
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8')
    const model = /model name\s*:\s*(.+)/.exec(info)?.[1]?.trim() ?? 'unknown CPU'
    const count = info.split('\n').filter((l) => l.startsWith('processor')).length
    return `${count} × ${model}`
  } catch {
    return 'unknown CPU'
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, i)] ?? 0
}
