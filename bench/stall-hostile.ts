/**
 * `npm run bench:stall-hostile`: the whole hostile corpus (test/fixtures/hostile/: every backup
 * of make-hostile-backups.ts, every import of imports/corpus.ts) sent to a browser host in its
 * own process (bench/stall-host.ts: the built host when out/main/web.js exists), as the screens
 * send it, one file after another. While each file's preview (and, for a backup that previews,
 * its restore) runs, a heartbeat (`app:getInfo`, on a second connection as a page has, from a
 * thread of its own) is asked again and again; per file: how the job ended, the heartbeat's
 * slowest answer, how many were answered, the host main thread's longest event-loop block
 * (bench/stall-probe.mjs, 10 ms resolution), its peak RSS, and the load average just before. The issue's bar: every answer
 * within 250 ms. After each file the host's temp folder must hold nothing of Studbook's.
 *
 * `--smoke`: nothing written to docs/benchmarks.md. Written otherwise, as its own section.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { headVersion } from '../src/main/store/migrate'
import { MIGRATIONS } from '../src/main/store/migrations/index'
import { makeHostileBackups } from '../test/fixtures/hostile/backups/make-hostile-backups'
import { LARGE, formulaAfterCr, twoBoms } from '../test/fixtures/hostile/imports/corpus'
import { exchangeHarness } from '../test/exchange/store-fixtures'
import { copy } from '../test/exchange/fixtures'
import { machine, writeSection, loadAverages } from './doc-section'
import { startHost } from './stall-host'
import type { Call, StallHost } from './stall-host'

const smoke = process.argv.includes('--smoke')
const BAR_MS = 250
/** Between heartbeats: a page polling its status does about this. */
const BEAT_GAP_MS = 20

/** A process's resident memory now, from /proc (Linux). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))
  return Math.round(Number(m?.[1] ?? 0) / 1024)
}

interface Row {
  readonly file: string
  readonly job: 'preview' | 'restore'
  readonly ended: string
  readonly beats: number
  readonly beatMaxMs: number
  readonly beatsOver: number
  readonly loopMaxMs: number
  readonly peakRssMb: number
  /** The host's RSS just before the file: the peak is of the whole process, kept from before. */
  readonly rssBeforeMb: number
  readonly tookMs: number
  readonly load: string
  readonly leftBehind: readonly string[]
}

/** Runs `job` while the heartbeat asks; what the host's probe saw meanwhile comes with it. */
async function measured(
  host: StallHost,
  temp: string,
  file: string,
  job: Row['job'],
  run: () => Promise<Call>
): Promise<{ row: Row; call: Call }> {
  const load = loadAverages()
  await host.report()
  const rssBeforeMb = rssMb(host.pid)
  // From a thread of its own: this one builds and sends the file, which held it up to 336 ms.
  const stopBeating = host.heartbeat('app:getInfo', BEAT_GAP_MS)
  const t0 = performance.now()
  const call = await run()
  const tookMs = performance.now() - t0
  const all = await stopBeating()
  const beats = all.filter((b) => b.ok).map((b) => b.ms)
  const failedBeats = all.length - beats.length
  const stall = await host.report()
  const ended = call.ok ? 'answered' : `refused: ${call.error ?? '?'}`
  return {
    call,
    row: {
      file,
      job,
      ended: failedBeats > 0 ? `${ended}; ${String(failedBeats)} heartbeats failed` : ended,
      beats: beats.length,
      beatMaxMs: Math.max(0, ...beats),
      beatsOver: beats.filter((ms) => ms > BAR_MS).length,
      loopMaxMs: stall.maxMs,
      peakRssMb: stall.peakRssMb,
      rssBeforeMb,
      tookMs,
      load,
      // The host's own temp files (a restore's copy, a worker's scratch); tsx's cache is not ours.
      leftBehind: readdirSync(temp).filter(
        (n) => !n.startsWith('tsx-') && !n.startsWith('studbook-stall-')
      )
    }
  }
}

/** The backups, made as the tests make them: from a real backup of a small collection. */
async function hostileBackups(dir: string): Promise<{ name: string; path: string }[]> {
  const t = await exchangeHarness()
  try {
    const u = t.h.handlers
    await u['collection:updateSet']({ setID: t.id('10179-1'), patch: { qtyOwned: 2, rating: 5 } })
    await u['collection:saveCopy']({ setID: t.id('10179-1'), copy: copy({ notes: 'first' }) })
    await u['collection:updateSet']({ setID: t.id('21309-1'), patch: { wanted: true } })
    const base = await t.x['exchange:backup']({ saveWithDialog: false })
    return makeHostileBackups(base.path ?? '', dir, t.h.profileId, headVersion(MIGRATIONS))
  } finally {
    t.close()
  }
}

const f = (n: number): string => n.toFixed(0)

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'studbook-bench-hostile-'))
  // The host's temp folder: only what it makes lands here, so anything left is its own.
  const temp = join(work, 'tmp')
  mkdirSync(temp)
  const files = join(work, 'files')
  mkdirSync(files)
  const backups = await hostileBackups(files)
  const imports = [...LARGE, twoBoms, formulaAfterCr].map((make) => make())
  process.env['TMPDIR'] = temp
  const started = machine()
  const host = await startHost(['--no-sync'])
  const rows: Row[] = []
  try {
    // The backups hold the test harness's service (custom, this address): the host uses the same,
    // so a backup is read through, not refused at once for another service's.
    const saved = await host.call('account:saveProfile', {
      baseUrl: 'http://127.0.0.1:1',
      apiKey: 'bench-hostile'
    })
    if (!saved.ok) throw new Error(`the host did not take the profile: ${saved.error ?? '?'}`)
    for (const b of backups) {
      const data = [readFileSync(b.path)]
      const { row, call } = await measured(host, temp, b.name, 'preview', () =>
        host.call('exchange:previewRestore', { data, name: b.name })
      )
      rows.push(row)
      console.log(JSON.stringify(row))
      const restoreId = (call.value as { restoreId?: string } | null)?.restoreId
      if (restoreId !== undefined) {
        const restored = await measured(host, temp, b.name, 'restore', () =>
          host.call('exchange:applyRestore', { restoreId })
        )
        rows.push(restored.row)
        console.log(JSON.stringify(restored.row))
      }
    }
    for (const file of imports) {
      const data = [file.bytes]
      const { row } = await measured(host, temp, file.name, 'preview', () =>
        host.call('exchange:previewImport', { format: file.format, data })
      )
      rows.push(row)
      console.log(JSON.stringify(row))
    }
  } finally {
    await host.stop()
    rmSync(work, { recursive: true, force: true })
  }
  const left = rows.filter((r) => r.leftBehind.length > 0)
  const slow = rows.filter((r) => r.beatMaxMs > BAR_MS)
  console.log(
    `${String(rows.length)} jobs; ${String(slow.length)} with a heartbeat over ${String(BAR_MS)} ms; ` +
      `${String(left.length)} left temp files behind`
  )
  if (left.length > 0) process.exitCode = 1
  if (smoke) return
  const ended = (r: Row): string => r.ended.replace(/\|/g, '\\|').slice(0, 90)
  writeSection(
    'Hostile files: the heartbeat while each is read',
    `\`npm run bench:stall-hostile\` (bench/stall-hostile.ts), ${new Date().toISOString().slice(0, 10)}, ${started}.
Every file of the hostile corpus (test/fixtures/hostile/) sent to the ${host.built ? 'built browser host (`out/main/web.js`)' : 'browser host run from the sources (tsx)'}
over its HTTP RPC, one after another; a backup that previews is then restored. Meanwhile
\`app:getInfo\` is asked on a second connection every ${String(BEAT_GAP_MS)} ms, from a thread of this process's own (bench/heartbeat.mjs), so that building and sending a file here does not delay it. "heartbeat max" is its slowest
answer (the bar: ${String(BAR_MS)} ms), "loop max" the host main thread's longest event-loop block
(bench/stall-probe.mjs, 10 ms resolution), "RSS" the host process's (main thread and workers
together; what glibc keeps after a file stays counted in the next), "load" the
1/5/15-minute load average just before the file (2 shared cores). Temp files left behind: ${left.length === 0 ? 'none, after every file' : left.map((r) => `${r.file}: ${r.leftBehind.join(', ')}`).join('; ')}.

| File | job | load | took | heartbeats | heartbeat max | over ${String(BAR_MS)} ms | loop max | RSS before → peak (growth) | ended |
|---|---|---|---:|---:|---:|---:|---:|---:|---|
${rows
  .map(
    (r) =>
      `| ${r.file} | ${r.job} | ${r.load} | ${f(r.tookMs)} ms | ${String(r.beats)} | ${f(r.beatMaxMs)} ms | ${String(r.beatsOver)} | ${f(r.loopMaxMs)} ms | ${String(r.rssBeforeMb)} → ${String(r.peakRssMb)} MB (+${String(r.peakRssMb - r.rssBeforeMb)}) | ${ended(r)} |`
  )
  .join('\n')}
`
  )
}

main().catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
