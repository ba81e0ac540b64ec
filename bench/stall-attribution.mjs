/**
 * Loaded with NODE_OPTIONS=--import=bench/stall-attribution.mjs into a host (never shipped): which
 * work the host's main thread was doing when it stalled. It times every SQLite call of the main
 * thread (better-sqlite3's run, get, all, exec, pragma, and so COMMIT too) and logs the ones over
 * 20 ms with their SQL, and logs every gap of the event loop over 50 ms (a 5 ms timer chain).
 * Both go to STUDBOOK_ATTRIB_OUT.<pid>, one JSON object a line, once a second and at exit; a stall
 * with no slow SQL call inside it was JavaScript (or the machine's other work). Usage, e.g.:
 *   STUDBOOK_ATTRIB_OUT=/tmp/attrib NODE_OPTIONS=--import=$PWD/bench/stall-attribution.mjs \
 *     BENCH_STALL_SETS=200000 npx tsx bench/stalls.ts --only first
 *   node bench/stall-attribution.mjs /tmp/attrib.<pid>   (prints each stall with its calls)
 * Plain JS, so NODE_OPTIONS can load it before tsx.
 */
import { appendFileSync, readFileSync } from 'node:fs'
import { readOrProbe, sqliteClasses } from './sqlite-probe.mjs'

const out = process.env['STUDBOOK_ATTRIB_OUT']
const SLOW_CALL_MS = 20
const STALL_MS = 50

function probe(file) {
  const sqlite = sqliteClasses()
  if (sqlite === null) return
  const { Database, statement } = sqlite
  const lines = []
  const now = () => performance.now()
  const record = (entry) => {
    lines.push(JSON.stringify(entry))
  }
  const wrap = (proto, name, kind, sqlOf) => {
    const original = proto[name]
    if (typeof original !== 'function') return
    proto[name] = function timed(...args) {
      const t0 = now()
      try {
        return original.apply(this, args)
      } finally {
        const ms = now() - t0
        if (ms >= SLOW_CALL_MS) {
          record({
            type: 'call',
            at: Math.round(t0),
            ms: Math.round(ms),
            kind,
            sql: sqlOf(this, args)
          })
        }
      }
    }
  }
  const text = (s) =>
    String(s ?? '')
      .replace(/\s+/g, ' ')
      .slice(0, 160)
  for (const m of ['run', 'get', 'all']) wrap(statement, m, m, (self) => text(self.source))
  wrap(Database.prototype, 'exec', 'exec', (_, args) => text(args[0]))
  wrap(Database.prototype, 'pragma', 'pragma', (_, args) => text(args[0]))
  // The event loop's gaps: a 5 ms timer that arrives late was held up by whatever ran meanwhile.
  let last = now()
  const tick = setInterval(() => {
    const t = now()
    if (t - last - 5 >= STALL_MS)
      record({ type: 'stall', at: Math.round(last + 5), ms: Math.round(t - last - 5) })
    last = t
  }, 5)
  tick.unref()
  const flush = () => {
    if (lines.length === 0) return
    appendFileSync(`${file}.${process.pid}`, lines.join('\n') + '\n')
    lines.length = 0
  }
  const w = setInterval(flush, 1000)
  w.unref()
  process.on('exit', flush)
}

/** `node bench/stall-attribution.mjs FILE [min ms]`: each stall, longest first, with the slow calls inside it. */
function report(file, min) {
  const entries = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
  const calls = entries.filter((e) => e.type === 'call')
  const stalls = entries
    .filter((e) => e.type === 'stall' && e.ms >= min)
    .sort((a, b) => b.ms - a.ms)
  for (const s of stalls) {
    const inside = calls.filter((c) => c.at < s.at + s.ms && c.at + c.ms > s.at - 5)
    const sql = inside.reduce((n, c) => n + c.ms, 0)
    console.log(`${s.ms} ms stall at ${(s.at / 1000).toFixed(1)} s; SQL in it ${sql} ms`)
    for (const c of inside) console.log(`   ${c.ms} ms ${c.kind}: ${c.sql}`)
  }
  const byKind = new Map()
  for (const c of calls) {
    const k = c.sql.slice(0, 90)
    const v = byKind.get(k) ?? { n: 0, ms: 0, max: 0 }
    byKind.set(k, { n: v.n + 1, ms: v.ms + c.ms, max: Math.max(v.max, c.ms) })
  }
  console.log('\nslow calls by statement (count, total ms, max ms):')
  for (const [k, v] of [...byKind].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15)) {
    console.log(`   ${v.n} × ${v.ms} ms (max ${v.max}): ${k}`)
  }
}

readOrProbe(import.meta.url, out, ([file, min]) => report(file, Number(min ?? 100)), probe)
