/**
 * `npm run bench:sync`: a first full catalogue sync of 20,000 sets from the reference service over
 * loopback HTTP (the service runs in a child process, so the RSS measured is the app's alone),
 * through the real client, pull and store. Writes "Full sync" in docs/benchmarks.md.
 */
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { createSyncRunner } from '../src/main/sync/runner'
import { createEventBus } from '../src/main/ipc/event-bus'
import { stopDecodeWorker } from '../src/main/service/index'
import { machine } from './doc-section'
import { writeStoreSection } from './doc-section'
import { benchStore } from './bench-store'

const SETS = Number(process.env['BENCH_SYNC_SETS'] ?? 20000)
const RUNS = Number(process.env['BENCH_SYNC_RUNS'] ?? 3)

async function serve(): Promise<void> {
  const { createReferenceService } = await import('../src/emulator/index')
  const { listen } = await import('../src/emulator/listen')
  const svc = createReferenceService({ sets: SETS, seed: 1 })
  // A service without v3 getSets (as production may be): the pull pages through v2 XML instead.
  if (process.argv.includes('--no-v3')) {
    svc.admin.addFault({ service: 'v3', operation: 'getSets', kind: { type: 'bindingDisabled' } })
  }
  const server = await listen(svc, { port: 0 })
  console.log(JSON.stringify({ url: server.url, apiKey: svc.demo.apiKey }))
}

/**
 * Runs this script again with `flags` and waits for the first JSON line it prints (the service's
 * address, or one run's result). Says how the child ended if it printed none.
 */
async function spawnSelf(
  flags: readonly string[]
): Promise<{ child: ReturnType<typeof spawn>; line: string }> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, ...flags], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env
  })
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('{')) return { child, line }
  }
  const code: unknown = await new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve(child.exitCode ?? child.signalCode)
    else
      child.once('exit', (c, s) => {
        resolve(c ?? s)
      })
  })
  throw new Error(`${flags[0] ?? 'child'} ended without a result (exit ${String(code)})`)
}

async function startService(noV3: boolean): Promise<{ url: string; apiKey: string; stop(): void }> {
  const { child, line } = await spawnSelf(['--serve', ...(noV3 ? ['--no-v3'] : [])])
  const info = JSON.parse(line) as { url: string; apiKey: string }
  return { ...info, stop: () => child.kill() }
}

interface RunResult {
  readonly ms: number
  readonly rssMb: number
  readonly sets: number
}

async function once(url: string, apiKey: string): Promise<RunResult> {
  const { dir, store, profiles } = await benchStore('sync', url)
  await profiles.updateSecrets({ apiKey })
  const sync = createSyncRunner({ store, profiles, events: createEventBus() })
  let peak = process.memoryUsage().rss
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 10)
  const t0 = performance.now()
  const status = await sync.run({ full: true })
  const ms = performance.now() - t0
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  if (status.error) throw new Error(status.error)
  store.close()
  rmSync(dir, { recursive: true, force: true })
  return { ms, rssMb: peak / 1024 / 1024, sets: status.catalogueSets }
}

interface Mode {
  readonly label: string
  readonly noV3: boolean
}

/** One run in a fresh process: a user's first sync starts in a new app, not after earlier syncs. */
async function runInChild(url: string, apiKey: string): Promise<RunResult> {
  const { child, line } = await spawnSelf(['--once', url, apiKey])
  child.kill()
  return JSON.parse(line) as RunResult
}

async function measureMode(mode: Mode): Promise<string> {
  const svc = await startService(mode.noV3)
  try {
    const runs: RunResult[] = []
    for (let i = 0; i < RUNS; i++) {
      const r = await runInChild(svc.url, svc.apiKey)
      console.log(
        `${mode.label} run ${i + 1}: ${r.sets} sets in ${r.ms.toFixed(0)} ms, peak RSS ${r.rssMb.toFixed(0)} MB`
      )
      runs.push(r)
    }
    const times = runs.map((r) => r.ms).sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)] ?? 0
    const rss = Math.max(...runs.map((r) => r.rssMb))
    return `| ${SETS.toLocaleString('en')} | ${mode.label} | ${(median / 1000).toFixed(2)} | ${runs
      .map((r) => (r.ms / 1000).toFixed(2))
      .join(', ')} | ${rss.toFixed(0)} |`
  } finally {
    svc.stop()
  }
}

async function main(): Promise<void> {
  const startedOn = machine()
  const rows: string[] = []
  try {
    for (const mode of [
      { label: 'v3 getSets pages (JSON), as against the reference service', noV3: false },
      { label: 'v2 getSets pages (XML), a service without v3 getSets', noV3: true }
    ]) {
      rows.push(await measureMode(mode))
    }
  } finally {
    await stopDecodeWorker()
  }
  const date = new Date().toISOString().slice(0, 10)
  writeStoreSection(
    'Full sync',
    `Measured ${date} on ${startedOn}, by \`npm run bench:sync\` (bench/sync.ts).
First full catalogue sync of ${SETS.toLocaleString('en')} sets: themes, then the set pages (500 each, the next
page requested while one is stored) alongside subthemes and years per theme, from the reference service
in a child process over loopback HTTP, through the real client (auto binding), the pull and SQLite
(bulk insert, then one FTS rebuild). ${RUNS} runs per row, each in a fresh app process (as a user's first
sync is) into a fresh database; RSS is that process's peak, the service excluded. Goal: ≤ 10 s, ≤ 300 MB.

| Sets | Pages through | median s | runs (s) | peak RSS (MB) |
|---:|---|---:|---|---:|
${rows.join('\n')}`
  )
}

const onceAt = process.argv.indexOf('--once')
if (process.argv.includes('--serve')) {
  void serve()
} else if (onceAt >= 0) {
  once(process.argv[onceAt + 1] ?? '', process.argv[onceAt + 2] ?? '')
    .then(async (r) => {
      console.log(JSON.stringify(r))
      await stopDecodeWorker()
    })
    .catch((e: unknown) => {
      console.error(e)
      process.exitCode = 1
    })
} else {
  main().catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
