/**
 * `npm run bench:stalls`: how long the host's main thread stops answering while it works. A browser
 * host runs in its own process (bench/stall-host.ts) with an event-loop delay probe, and this
 * process calls it over HTTP the whole time, as the renderer would, one call after another on one
 * kept-alive connection. Scenarios (issue "Never freeze"):
 *
 * - first demo run: from a new data folder until the first sync has ended; when the catalogue became
 *   searchable, the longest stall, `catalog:search` while the rest of the sync still runs, peak RSS;
 * - bulk edit of 5,000 sets, its undo, and the push of both, on the synced demo.
 *
 * `--smoke` (CI): a small catalogue, nothing written to docs/benchmarks.md, the run must end with
 * every call answered. Sizes: BENCH_STALL_SETS (default 20,000; try 200,000).
 */
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { machine, percentile, writeSection } from './doc-section'
import { mainThreadUse, startHost } from './stall-host'
import type { StallHost, StallReport } from './stall-host'

const smoke = process.argv.includes('--smoke')
/**
 * `--only first|bulk|connect|connect-v2`: run that scenario alone (200,000 sets take long);
 * nothing written.
 */
const onlyAt = process.argv.indexOf('--only')
const only = onlyAt >= 0 ? (process.argv[onlyAt + 1] ?? '') : null
if (only !== null && !['first', 'bulk', 'connect', 'connect-v2'].includes(only)) {
  throw new Error('--only takes first, bulk, connect or connect-v2')
}
const SETS = Number(process.env['BENCH_STALL_SETS'] ?? (smoke ? 600 : 20000))
const BULK = Math.min(5000, SETS)
/** A word of the generated catalogue's theme names (src/emulator/words.ts). */
const WORD = 'castle'
/** The searches at rest after a first run (FirstRun.restP95): how many, after how long a pause. */
const REST_POLLS = 100
const REST_AFTER_MS = 5000

interface Poll {
  readonly at: number
  readonly ms: number
  readonly ok: boolean
  readonly error?: string
  readonly browse: number | null
  readonly words: number | null
  /**
   * The host main thread's CPU time (ms) and read system calls while the call was answered
   * (Linux only): what the search itself cost, which a busy machine's queue changes far less
   * than `ms`. Other work of the main thread in that window counts too.
   */
  readonly cpuMs: number | null
  /** How long the host main thread waited for a CPU meanwhile (the machine's queue). */
  readonly queuedMs: number | null
  readonly reads: number | null
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function totalOf(value: unknown): number | null {
  return typeof value === 'object' && value !== null && 'total' in value
    ? Number(value.total)
    : null
}

interface SyncView {
  running: boolean
  outcome: string | null
  pending: number
  phase: string
}

async function status(host: StallHost): Promise<SyncView | null> {
  const r = await host.call('sync:getStatus')
  return r.ok ? (r.value as SyncView) : null
}

/**
 * Polls search (browse and words, by turns) until `done`, asked after every tenth poll with how
 * many there were, says stop; every answer is kept.
 */
async function pollUntil(
  host: StallHost,
  t0: number,
  done: (polls: number) => Promise<boolean>
): Promise<Poll[]> {
  const polls: Poll[] = []
  for (let i = 0; ; i++) {
    const words = i % 2 === 1
    const before = mainThreadUse(host.pid)
    const r = await host.call('catalog:search', { text: words ? WORD : '', limit: 50 })
    const after = mainThreadUse(host.pid)
    const total = r.ok ? totalOf(r.value) : null
    polls.push({
      at: performance.now() - t0,
      ms: r.ms,
      ok: r.ok,
      ...(r.error === undefined ? {} : { error: r.error }),
      browse: words ? null : total,
      words: words ? total : null,
      cpuMs: before && after ? (after.cpuNs - before.cpuNs) / 1e6 : null,
      queuedMs: before && after ? (after.queuedNs - before.queuedNs) / 1e6 : null,
      reads: before && after ? after.reads - before.reads : null
    })
    if (i % 10 === 9 && (await done(polls.length))) return polls
    await sleep(20)
  }
}

interface FirstRun {
  readonly searchableS: number | null
  readonly syncS: number
  readonly stall: StallReport
  readonly searchP95: number
  readonly searchMax: number
  /** The host main thread's CPU (ms) and read calls per search once searchable: p50 and p95. */
  readonly searchCpu: { readonly p50: number; readonly p95: number } | null
  readonly searchReads: { readonly p50: number; readonly p95: number } | null
  readonly searchQueued: { readonly p50: number; readonly p95: number } | null
  /**
   * The same searches at rest, REST_POLLS of them once the sync has ended and the host has had
   * REST_AFTER_MS to settle: this machine's floor under `searchP95` (a slower machine answers a
   * search more slowly with nothing running), so a run's p95 is read beside it. Null in --smoke.
   */
  readonly restP95: number | null
  readonly calls: number
  readonly failed: number
  readonly load: number
  readonly built: boolean
}

async function firstRun(): Promise<FirstRun> {
  const load = loadavg()[0] ?? 0
  const host = await startHost(['--demo-sets', String(SETS)])
  try {
    const t0 = host.startedAt
    const polls = await pollUntil(host, t0, async () => {
      const s = await status(host)
      return s !== null && !s.running && s.outcome !== null
    })
    const syncMs = performance.now() - t0
    const stall = await host.report()
    // BENCH_STALL_POLLS=file: every poll of the first run, for a closer look.
    const dump = process.env['BENCH_STALL_POLLS']
    if (dump !== undefined && dump !== '') writeFileSync(dump, JSON.stringify(polls))
    const finalWords = totalOf((await host.call('catalog:search', { text: WORD })).value) ?? 0
    let restP95: number | null = null
    if (!smoke) {
      await sleep(REST_AFTER_MS)
      const rest = await pollUntil(host, t0, (polls) => Promise.resolve(polls >= REST_POLLS))
      restP95 = percentile(
        rest
          .filter((p) => p.ok)
          .map((p) => p.ms)
          .sort((a, b) => a - b),
        95
      )
    }
    // Searchable: every set listed and a word search finding all it finds at the end.
    let browseAll = Infinity
    let wordsAll = Infinity
    for (const p of polls) {
      if (p.browse !== null && p.browse >= SETS) browseAll = Math.min(browseAll, p.at)
      if (p.words !== null && p.words >= finalWords && finalWords > 0)
        wordsAll = Math.min(wordsAll, p.at)
    }
    const searchable = Math.max(browseAll, wordsAll)
    const once = polls.filter((p) => p.at >= searchable && p.ok)
    const during = once.map((p) => p.ms).sort((a, b) => a - b)
    const spread = (xs: (number | null)[]) => {
      const known = xs.filter((x): x is number => x !== null).sort((a, b) => a - b)
      return known.length === 0 ? null : { p50: percentile(known, 50), p95: percentile(known, 95) }
    }
    const all = polls.map((p) => p.ms).sort((a, b) => a - b)
    return {
      searchableS: Number.isFinite(searchable) ? searchable / 1000 : null,
      syncS: syncMs / 1000,
      stall,
      searchP95: percentile(during, 95),
      searchMax: all[all.length - 1] ?? 0,
      searchCpu: spread(once.map((p) => p.cpuMs)),
      searchReads: spread(once.map((p) => p.reads)),
      searchQueued: spread(once.map((p) => p.queuedMs)),
      restP95,
      calls: polls.length,
      failed: polls.filter((p) => !p.ok).length,
      load,
      built: host.built
    }
  } finally {
    await host.stop()
  }
}

interface Bulk {
  readonly editMs: number
  readonly undoMs: number
  readonly pushS: number
  /** The whole span: the edit, the undo and the push of both. */
  readonly stall: StallReport
  /** While the edit and the undo were answered (the edit writer's part); the rest is the push. */
  readonly answering: StallReport
  readonly failed: number
  readonly load: number
}

/** After the first run: 5,000 sets marked wanted at once, the undo, and both pushed. */
async function bulkEdit(): Promise<Bulk> {
  const host = await startHost(['--demo-sets', String(SETS)])
  try {
    for (;;) {
      const s = await status(host)
      if (s !== null && !s.running && s.outcome !== null) break
      await sleep(200)
    }
    const ids: number[] = []
    for (let offset = 0; ids.length < BULK; offset += 500) {
      const r = await host.call('catalog:search', { text: '', limit: 500, offset, wanted: false })
      const rows = (r.value as { rows: { setID: number }[] } | null)?.rows ?? []
      if (rows.length === 0) break
      for (const row of rows) if (ids.length < BULK) ids.push(row.setID)
    }
    const load = loadavg()[0] ?? 0
    await host.report()
    const t0 = performance.now()
    // A steady reader beside the edit: what the user's screen would be asking meanwhile.
    const reading = { on: true }
    let failed = 0
    const reader = (async () => {
      while (reading.on) {
        const r = await host.call('catalog:search', { text: '', limit: 50, wanted: true })
        if (!r.ok) failed++
        await sleep(20)
      }
    })()
    const edit = await host.call('collection:bulkEdit', {
      setIDs: ids,
      action: { kind: 'wanted', value: true }
    })
    const undo = await host.call('journal:undo')
    if (!edit.ok || !undo.ok) failed++
    const answering = await host.report()
    for (;;) {
      const s = await status(host)
      if (s !== null && s.pending === 0 && !s.running) break
      await sleep(100)
    }
    const pushS = (performance.now() - t0) / 1000
    reading.on = false
    await reader
    const pushing = await host.report()
    const stall = {
      ...(pushing.maxMs >= answering.maxMs ? pushing : answering),
      peakRssMb: Math.max(pushing.peakRssMb, answering.peakRssMb)
    }
    return { editMs: edit.ms, undoMs: undo.ms, pushS, stall, answering, failed, load }
  } finally {
    await host.stop()
  }
}

interface Connect {
  readonly syncS: number
  readonly stall: StallReport
  readonly sets: number
  readonly failed: number
  readonly load: number
}

/**
 * A user's own service: the reference service in its own process (bench/sync.ts --serve, v3 off
 * with --no-v3), the host told its address and key, then its first sync, with search polled
 * throughout.
 */
async function connect(v2Only: boolean): Promise<Connect> {
  const service = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, 'sync.ts'),
      '--serve',
      ...(v2Only ? ['--no-v3'] : [])
    ],
    { env: { ...process.env, BENCH_SYNC_SETS: String(SETS) }, stdio: ['ignore', 'pipe', 'inherit'] }
  )
  try {
    let info: { url: string; apiKey: string } | null = null
    for await (const line of createInterface({ input: service.stdout })) {
      if (line.startsWith('{')) {
        info = JSON.parse(line) as { url: string; apiKey: string }
        break
      }
    }
    if (info === null) throw new Error('the reference service did not start')
    const host = await startHost(['--no-sync'])
    try {
      const load = loadavg()[0] ?? 0
      await host.report()
      const t0 = performance.now()
      const saved = await host.call('account:saveProfile', {
        baseUrl: info.url,
        apiKey: info.apiKey
      })
      const started = await host.call('sync:start', { full: true })
      let failed = saved.ok && started.ok ? 0 : 1
      const polls = await pollUntil(host, t0, async () => {
        const s = await status(host)
        return s !== null && !s.running
      })
      failed += polls.filter((p) => !p.ok).length
      const syncS = (performance.now() - t0) / 1000
      const stall = await host.report()
      const sets = totalOf((await host.call('catalog:search', { text: '' })).value) ?? 0
      return { syncS, stall, sets, failed, load }
    } finally {
      await host.stop()
    }
  } finally {
    service.kill()
  }
}

const f = (n: number, d = 0) => n.toFixed(d)

async function main(): Promise<void> {
  if (only !== null) {
    if (only === 'first') console.log('first run', JSON.stringify(await firstRun()))
    if (only === 'bulk') console.log('bulk edit', JSON.stringify(await bulkEdit()))
    if (only === 'connect') console.log('connect v3', JSON.stringify(await connect(false)))
    if (only === 'connect-v2') console.log('connect v2', JSON.stringify(await connect(true)))
    return
  }
  const first = await firstRun()
  console.log('first run', JSON.stringify(first))
  const bulk = await bulkEdit()
  console.log('bulk edit', JSON.stringify(bulk))
  const v3 = await connect(false)
  console.log('connect v3', JSON.stringify(v3))
  const v2 = await connect(true)
  console.log('connect v2', JSON.stringify(v2))
  if (smoke) {
    // CI: the numbers mean nothing on a shared machine; a dropped or failed call does.
    const failed = first.failed + bulk.failed + v3.failed + v2.failed
    if (failed > 0) throw new Error(`${String(failed)} calls failed or were dropped`)
    console.log('stall smoke run: every call answered')
    return
  }
  writeSection(
    `Main-thread stalls (${SETS.toLocaleString('en')} sets)`,
    `\`npm run bench:stalls\` (bench/stalls.ts), ${new Date().toISOString().slice(0, 10)}, ${machine()}.
The host runs ${first.built ? 'built (`out/main/web.js`)' : 'from the sources (tsx)'} in its own process; its main
thread's event-loop delay is measured by bench/stall-probe.mjs (10 ms resolution) while this process
calls it over HTTP, one call after another on one kept-alive connection. "Host CPU" is the host
process's CPU time for the scenario: its work is the same every run, so this says how quick the
machine was at the time, which the load average does not (the same first run took 6.6-11.7 s of CPU
on one guest within an hour, docs/benchmarks.md 2026-11-29 04:05).

| Scenario | load | host CPU | longest stall | p99 | peak RSS | other |
|---|---:|---:|---:|---:|---:|---|
| First demo run | ${f(first.load, 1)} | ${f(first.stall.cpuS, 1)} s | ${f(first.stall.maxMs)} ms | ${f(first.stall.p99Ms)} ms | ${String(first.stall.peakRssMb)} MB | searchable ${first.searchableS === null ? 'never' : `${f(first.searchableS, 1)} s`}, first sync ${f(first.syncS, 1)} s, \`catalog:search\` p95 ${f(first.searchP95, 1)} ms once searchable${first.restP95 === null ? '' : ` (at rest after the sync: ${f(first.restP95, 1)} ms)`} (slowest call ${f(first.searchMax)} ms${first.searchCpu === null ? '' : `; host main thread per search: CPU p95 ${f(first.searchCpu.p95, 1)} ms, waiting for a CPU p95 ${f(first.searchQueued?.p95 ?? 0, 1)} ms, read calls p95 ${String(first.searchReads?.p95 ?? 0)}`}), ${String(first.failed)} of ${String(first.calls)} calls failed |
| Bulk edit of ${String(BULK)} sets, undo, push of both | ${f(bulk.load, 1)} | ${f(bulk.stall.cpuS, 1)} s | ${f(bulk.stall.maxMs)} ms | ${f(bulk.stall.p99Ms)} ms | ${String(bulk.stall.peakRssMb)} MB | edit answered in ${f(bulk.editMs)} ms, undo ${f(bulk.undoMs)} ms (longest stall while they were answered ${f(bulk.answering.maxMs)} ms), both pushed after ${f(bulk.pushS, 1)} s, ${String(bulk.failed)} calls failed |
${[v3, v2]
  .map(
    (c, i) =>
      `| Connect and first sync, reference service in its own process, ${i === 0 ? 'v3' : 'v2 only'} | ${f(c.load, 1)} | ${f(c.stall.cpuS, 1)} s | ${f(c.stall.maxMs)} ms | ${f(c.stall.p99Ms)} ms | ${String(c.stall.peakRssMb)} MB | ${String(c.sets)} sets in ${f(c.syncS, 1)} s, ${String(c.failed)} calls failed |`
  )
  .join('\n')}
`
  )
}

main().catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
