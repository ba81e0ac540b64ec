/**
 * A browser host in its own process, driven over its HTTP RPC as the renderer drives it, with
 * bench/stall-probe.mjs measuring its main thread. The built host (out/main/web.js, `npm run build`)
 * is what ships and what is measured when it exists; the sources through tsx otherwise.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { Worker } from 'node:worker_threads'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HOST_V8_FLAGS, hostEnv } from '../scripts/host-launch.mjs'
import { asBytesCall, BYTES_HEADER, BYTES_TYPE } from '../src/shared/ipc/file-wire'
import { rpcCall } from './rpc-call.mjs'
import type { Call, Upload } from './rpc-call.mjs'

const ROOT = join(import.meta.dirname, '..')

export interface StallReport {
  readonly maxMs: number
  readonly p99Ms: number
  readonly meanMs: number
  readonly peakRssMb: number
  /** CPU seconds of the host process, all threads, from its start to this report. */
  readonly cpuS: number
}

export type { Call }

/** One heartbeat: whether it was answered as done, and how long it took. */
export interface Beat {
  readonly ok: boolean
  readonly ms: number
}

export interface StallHost {
  readonly built: boolean
  /** The host process, for reading its memory from /proc between calls. */
  readonly pid: number
  readonly startedAt: number
  /**
   * `via`: another connection (a page's second one, as browsers open several), so a call can be
   * answered while a long one holds the first.
   */
  call(channel: string, input?: unknown, via?: Agent): Promise<Call>
  /**
   * Asks `channel` every `gapMs` from a thread of its own (bench/heartbeat.mjs), so this
   * process's own work cannot delay it; the returned function stops it and gives every call.
   */
  heartbeat(channel: string, gapMs: number): () => Promise<Beat[]>
  /** What the probe saw since the last report (or the start), then starts over. */
  report(): Promise<StallReport>
  stop(): Promise<void>
}

/** What the host's main thread has used so far (Linux: its /proc task files; null elsewhere). */
export interface MainThreadUse {
  /** Nanoseconds it has run on a CPU (schedstat): its own work, whatever the machine's queue. */
  readonly cpuNs: number
  /** Nanoseconds it was ready to run but waited for a CPU (schedstat): the machine's queue. */
  readonly queuedNs: number
  /** Read system calls it has made (a page SQLite reads from the file is one `pread`). */
  readonly reads: number
}

/** The main thread of process `pid` (its task id is the pid), read between calls. */
export function mainThreadUse(pid: number): MainThreadUse | null {
  try {
    const task = `/proc/${String(pid)}/task/${String(pid)}`
    const [cpuNs, queuedNs] = readFileSync(`${task}/schedstat`, 'utf8').split(' ').map(Number)
    const reads = Number(/^syscr: (\d+)$/m.exec(readFileSync(`${task}/io`, 'utf8'))?.[1])
    return cpuNs !== undefined && queuedNs !== undefined && Number.isFinite(reads)
      ? { cpuNs, queuedNs, reads }
      : null
  } catch {
    return null
  }
}

/** One kept-alive connection, as a browser tab keeps one: a stall longer than its timeout shows. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 })

/** A call that carries a file, sent as the renderer sends it (lib/api.ts): its bytes, not JSON. */
function upload(input: unknown): Upload | null {
  const file = asBytesCall(input)
  return file === null
    ? null
    : { headers: { 'Content-Type': BYTES_TYPE, [BYTES_HEADER]: file.header }, parts: file.parts }
}

export async function startHost(args: readonly string[]): Promise<StallHost> {
  const dir = mkdtempSync(join(tmpdir(), 'studbook-stall-'))
  const out = join(dir, 'stall.json')
  // STUDBOOK_BENCH_OUT: a copy of out/ to measure, so a build run meanwhile cannot change it.
  const web = join(process.env['STUDBOOK_BENCH_OUT'] ?? join(ROOT, 'out'), 'main/web.js')
  const built = existsSync(web)
  const entry = built ? [web] : ['--import', 'tsx', join(ROOT, 'src/main/hosts/web.ts')]
  const startedAt = performance.now()
  // The built host runs as it ships, without tsx: its loader hooks every module the host loads,
  // which added 1-1.5 s to the start. The probe is plain JS for the same reason (stall-probe.mjs).
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...HOST_V8_FLAGS,
      // BENCH_STALL_HOST_FLAGS: more node flags for the host alone, e.g. `--cpu-prof
      // --cpu-prof-dir=/tmp/p` (Node refuses those in NODE_OPTIONS).
      ...(process.env['BENCH_STALL_HOST_FLAGS'] ?? '').split(' ').filter((f) => f !== ''),
      '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
      '--import',
      join(ROOT, 'bench/stall-probe.mjs'),
      ...entry,
      '--port',
      '0',
      '--data-dir',
      join(dir, 'data'),
      ...args
    ],
    {
      cwd: ROOT,
      // As scripts/start.mjs starts it. MALLOC_ARENA_MAX=16 in this process's environment is
      // glibc's own default on two cores: the host as it ran before the launcher bounded it.
      env: hostEnv({
        ...process.env,
        STUDBOOK_STALL_OUT: out,
        ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent'
      }),
      stdio: ['ignore', 'pipe', 'pipe']
    }
  )
  let text = ''
  child.stderr?.on('data', (c: Buffer) => {
    text += c.toString()
  })
  const url = await new Promise<URL>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      text += c.toString()
      const m = /running at (http\S+)/.exec(text)
      if (m?.[1] !== undefined) resolve(new URL(m[1]))
    })
    child.once('exit', (code) => {
      reject(new Error(`host exited (${String(code)}) before it listened:\n${text}`))
    })
  })
  const port = Number(url.port)
  const cookie = `studbook_token_${url.port}=${url.searchParams.get('token') ?? ''}`
  const call = (channel: string, input: unknown = {}, via: Agent = agent): Promise<Call> =>
    rpcCall({ port, cookie, agent: via }, channel, input, upload(input))
  return {
    built,
    pid: child.pid ?? 0,
    startedAt,
    call,
    heartbeat(channel, gapMs) {
      const beating = new Worker(new URL('./heartbeat.mjs', import.meta.url), {
        workerData: { port, cookie, channel, gapMs }
      })
      const beats = new Promise<Beat[]>((resolve, reject) => {
        beating.once('message', (m: Beat[]) => {
          resolve(m)
        })
        beating.once('error', reject)
      })
      return async () => {
        beating.postMessage('stop')
        const all = await beats
        await beating.terminate()
        return all
      }
    },
    async report() {
      rmSync(out, { force: true })
      child.kill('SIGUSR2')
      for (;;) {
        if (existsSync(out)) {
          try {
            return JSON.parse(readFileSync(out, 'utf8')) as StallReport
          } catch {
            // Still being written.
          }
        }
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
