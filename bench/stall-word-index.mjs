/**
 * Loaded with NODE_OPTIONS=--import=bench/stall-word-index.mjs into a host (never shipped): how much
 * of the fuzzy word index's read (catalogue/fuzzy-words-repo.ts) each turn of the host's main
 * thread holds. A 1 ms timer chain splits the main thread's time into gaps; every gap in which the
 * index's statement ran is written down with the rows it read, the time its SQLite calls took, and
 * the time of every other SQLite call in the same gap (a search's, say). A CPU profile cannot tell
 * two slices run back to back from one long slice; this can. Usage:
 *   STUDBOOK_WORDPROBE_OUT=/tmp/words NODE_OPTIONS=--import=$PWD/bench/stall-word-index.mjs \
 *     npx tsx bench/stalls.ts --only first
 *   node bench/stall-word-index.mjs /tmp/words.<pid>   (prints a summary)
 * Plain JS, so NODE_OPTIONS can load it before tsx.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { readOrProbe, sqliteClasses } from './sqlite-probe.mjs'

const out = process.env['STUDBOOK_WORDPROBE_OUT']
const isIndexRead = (source) => /FROM sets WHERE id >/.test(source)

function probe(file) {
  const sqlite = sqliteClasses()
  if (sqlite === null) return
  const { statement } = sqlite
  let rows = 0
  let readMs = 0
  let otherMs = 0
  const gaps = []
  for (const name of ['all', 'get', 'run', 'iterate']) {
    const original = statement[name]
    if (typeof original !== 'function') continue
    statement[name] = function timed(...args) {
      const t0 = performance.now()
      const result = original.apply(this, args)
      const ms = performance.now() - t0
      if (name === 'all' && isIndexRead(this.source)) {
        rows += result.length
        readMs += ms
      } else otherMs += ms
      return result
    }
  }
  let last = performance.now()
  const tick = () => {
    const now = performance.now()
    if (rows > 0) gaps.push({ at: Math.round(last), gapMs: now - last, rows, readMs, otherMs })
    rows = 0
    readMs = 0
    otherMs = 0
    last = now
    setTimeout(tick, 1).unref()
  }
  setTimeout(tick, 1).unref()
  const flush = () => writeFileSync(file, JSON.stringify(gaps))
  setInterval(flush, 1000).unref()
  process.on('exit', flush)
}

function summary(file) {
  const gaps = JSON.parse(readFileSync(file, 'utf8'))
  const max = (f) => gaps.reduce((m, g) => Math.max(m, f(g)), 0)
  const sum = (f) => gaps.reduce((s, g) => s + f(g), 0)
  const r = (x) => Math.round(x * 10) / 10
  const longest = gaps.reduce((a, g) => (a === null || g.gapMs > a.gapMs ? g : a), null)
  console.log(
    JSON.stringify({
      gapsWithRead: gaps.length,
      rowsRead: sum((g) => g.rows),
      readMsTotal: r(sum((g) => g.readMs)),
      maxRowsInGap: max((g) => g.rows),
      maxReadMsInGap: r(max((g) => g.readMs)),
      maxGapWithRead: longest && {
        ...longest,
        gapMs: r(longest.gapMs),
        readMs: r(longest.readMs),
        otherMs: r(longest.otherMs)
      },
      gapsWithReadAndOtherSqlOver1ms: gaps.filter((g) => g.otherMs > 1).length
    })
  )
}

readOrProbe(
  import.meta.url,
  out,
  ([file]) => {
    if (file !== undefined) summary(file)
  },
  (prefix) => probe(`${prefix}.${String(process.pid)}`)
)
