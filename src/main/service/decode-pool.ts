import { MessageChannel, Worker } from 'node:worker_threads'
import type { MessagePort } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import { abortError } from './transport'
import { readInput, sizeOf } from './answer-bytes'
import type { PoolInput } from './answer-bytes'
import type { ListAway } from './away-list'
import { assembled, exclusive } from './decode-reply'
import type { Reply } from './decode-reply'
import { workerScript } from '../../shared/worker-script'

/**
 * Bodies at least this large are decoded in a worker thread so IPC keeps answering. At 128 kB a
 * body just under it (a 94-set v2 page, a service description) took 40-130 ms to decode on the
 * main thread at load 25. At 32 kB a first demo run still checked its collection's v3 pages here,
 * while the user's first searches arrived: 9.4 ms for 18 kB, the schema compiled on first use, and
 * 1.1 ms for 12 kB after (issue #25). Below 8 kB are the small answers (a theme's subthemes and
 * years, 0.1 ms each), where a round trip to the worker would cost more than the decode.
 */
export const WORKER_THRESHOLD_BYTES = 8 * 1024

interface Job {
  readonly id: number
  readonly input: PoolInput
  readonly parts: unknown[]
  /** The caller's wish that the answer's long list go to a port, not to this thread. */
  readonly listAway: ListAway | null
  /** The end of this attempt's port that the caller receives; the worker holds the other. */
  away: MessagePort | null
  /** The thread decoding it, once sent. */
  on: Decoder | null
  /** Workers that died while decoding this job: one is retried, a second ends the call. */
  crashes: number
  /** Lent threads that left with this job unanswered (not crashes: they are not ours to keep). */
  left: number
  /** Its bytes went to the pool's own worker (a transfer): they are gone from this thread. */
  handedOver: boolean
  settle(outcome: { value: unknown } | { error: AppError }): void
}

/**
 * One worker decodes one job at a time; the others wait here. A job whose call is cancelled or
 * out of time while the worker has it is ended by ending the worker (a synchronous decode cannot
 * be interrupted any other way); the next job gets a fresh worker. A waiting job just leaves.
 * A worker that dies on its own is replaced and its job tried once more.
 */
let worker: Worker | null = null
/**
 * A thread that decodes for the pool while it lives, in place of the pool's own worker: the set
 * writer of a sync (sync/pull/set-writer.ts), so a sync runs one worker thread, not two.
 * Each thread's isolate, heap and allocator held 25-35 MB of the host's RSS while the pages came
 * (issue #25). Its jobs are never ended by ending it (it is not ours): an abandoned job's answer is
 * ignored.
 */
let lent: MessagePort | null = null
type Decoder = Worker | MessagePort
let running: Job | null = null
const waiting: Job[] = []
let unavailable = false
let unavailableWhy = ''
let nextId = 1

/**
 * The worker's heap is the host's RSS: under V8's 4 GB default ceiling each page's garbage grew it
 * to 40-64 MB, and with 8 MB young and 512 MB old it still stood at 24-33 MB through a 20,000-set
 * sync while holding 9-14 MB (bench/memory-probe.mjs, issue #25). A small young generation and a
 * ceiling that still takes the largest body (16 MB of two-byte text: decode-worker.test.ts)
 * make V8 collect sooner; a job past the ceiling ends the worker, as a crash does.
 */
const DECODE_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 }

function spawn(): Worker {
  const script = workerScript(import.meta.url, 'decode-worker', process.env)
  const w = new Worker(script.url, {
    ...script.options,
    resourceLimits: DECODE_LIMITS
  })
  w.unref()
  w.on('message', (reply: Reply) => {
    if (worker === w) answered(w, reply)
  })
  // A worker that dies by itself (we end ours with worker = null first) takes its job along once.
  const fail = (why: string): void => {
    if (worker !== w) return
    worker = null
    lost(w, why)
  }
  w.on('error', (e) => {
    fail(e.message)
  })
  w.on('exit', (code) => {
    fail(`exit ${code}`)
  })
  return w
}

function answered(from: Decoder, reply: Reply): void {
  const job = running
  if (job?.on !== from || job.id !== reply.id) return
  if ('part' in reply) {
    for (const item of reply.part) job.parts.push(item)
    // Ask for the next part on a later turn, so IPC and timers run between parts.
    setImmediate(() => {
      if (running === job) from.postMessage({ ack: reply.id })
    })
    return
  }
  finish(job, reply.ok ? { value: assembled(reply, job) } : { error: AppError.from(reply.error) })
}

/**
 * A decoding thread ended: the job it held is tried once more, elsewhere. A lent thread that
 * leaves (`crash` false: its load ended, or it was taken back) is not counted as a crash, and the
 * job's bytes are still here (dispatch sends it a copy).
 */
function lost(from: Decoder, why: string, crash = true): void {
  const job = running
  if (job?.on !== from) return
  running = null
  if (crash) job.crashes += 1
  else job.left += 1
  // A body handed over as bytes went with the worker: the caller asks the service again.
  const { handedOver } = job
  if (job.crashes <= 1 && job.left <= MAX_LEFT && !handedOver) {
    job.parts.length = 0
    closeAway(job)
    waiting.unshift(job)
    dispatch()
    return
  }
  const times = handedOver ? '' : ' twice'
  finish(job, {
    error: new AppError('worker_crashed', `The decoder stopped${times} on this answer (${why}).`)
  })
}

/**
 * `port` decodes for the pool (decode-serve.ts at its other end) until it closes or is taken back;
 * the pool's own worker is ended meanwhile, once it has nothing to decode.
 */
export function lendDecoder(port: MessagePort): void {
  lent = port
  port.on('message', (reply: Reply) => {
    answered(port, reply)
  })
  port.once('close', () => {
    if (lent === port) lent = null
    lost(port, 'its thread ended', false)
    dispatch()
  })
  port.unref()
  if (running === null) endOwn()
}

/** The pool decodes on its own worker again; a job `port` still held is tried there. */
export function takeBackDecoder(port: MessagePort): void {
  if (lent === port) lent = null
  port.close()
}

function endOwn(): void {
  if (idle !== null) clearTimeout(idle)
  idle = null
  const w = worker
  // Cleared first: its exit is then not taken for a crash.
  worker = null
  w?.terminate().catch(() => undefined)
}

/** The job's port, when its list will not be handed to the caller (an error, a retry). */
function closeAway(job: Job): void {
  job.away?.close()
  job.away = null
}

function finish(job: Job, outcome: { value: unknown } | { error: AppError }): void {
  if (running === job) running = null
  closeAway(job)
  job.settle(outcome)
  dispatch()
}

/**
 * How long a worker with nothing to decode is kept. A sync asks page after page (gaps well under
 * a second, a few at load 20); once the answers stop, the thread's isolate and heap (25-35 MB of
 * the host's RSS) are given back, and the next large answer starts a new one (~50-100 ms of
 * start-up, on its own thread).
 */
const IDLE_MS = 10_000
let idle: ReturnType<typeof setTimeout> | null = null

function endIdle(): void {
  idle = null
  if (running === null && waiting.length === 0) endOwn()
}

function dispatch(): void {
  if (running !== null) return
  const job = waiting.shift()
  if (job === undefined) {
    lent?.unref()
    worker?.unref()
    if (lent !== null) endOwn()
    if (worker !== null && idle === null) {
      idle = setTimeout(endIdle, IDLE_MS)
      idle.unref()
    }
    return
  }
  if (idle !== null) {
    clearTimeout(idle)
    idle = null
  }
  let on: Decoder
  try {
    on = lent ?? (worker ??= spawn())
  } catch (e) {
    // No worker can start here: decoding still happens, inline.
    unavailable = true
    unavailableWhy = e instanceof Error ? e.message : String(e)
    for (const j of [job, ...waiting.splice(0)]) inline(j)
    return
  }
  running = job
  job.on = on
  on.ref()
  // A port per attempt: one whose worker died is closed with what it had sent.
  const channel = job.listAway === null ? null : new MessageChannel()
  job.away = channel?.port2 ?? null
  const away = channel === null ? {} : { away: channel.port1, ...job.listAway }
  const ports = channel === null ? [] : [channel.port1]
  if ('bytes' in job.input && on !== lent) {
    // Its own buffer exactly (readCapped's): handed over, it leaves nothing here to collect.
    job.handedOver = true
    const own = exclusive(job.input.bytes)
    on.postMessage({ id: job.id, input: { ...job.input, bytes: own }, ...away }, [
      own.buffer,
      ...ports
    ])
    return
  }
  // A lent thread gets a copy (structured clone) of any bytes: it may leave before it answers,
  // and the job is then decoded elsewhere from these.
  on.postMessage({ id: job.id, input: job.input, ...away }, ports)
}

/** Lent threads a job may outlive (each taken back with it unanswered) before it fails. */
const MAX_LEFT = 3

function inline(job: Job): void {
  try {
    job.settle({ value: readInput(job.input) })
  } catch (e) {
    job.settle({ error: e instanceof AppError ? e : new AppError('bad_xml', String(e)) })
  }
}

/**
 * Ends the job the worker holds: the worker goes with it, and is replaced on demand. A lent thread
 * goes on (its answer to the job is ignored) and forgets what it kept of the job.
 */
function abandon(job: Job, error: AppError): void {
  const index = waiting.indexOf(job)
  if (index !== -1) waiting.splice(index, 1)
  if (running === job) {
    running = null
    if (job.on === worker) endOwn()
    else job.on?.postMessage({ forget: job.id })
  }
  closeAway(job)
  job.settle({ error })
  dispatch()
}

interface DecodeOptions {
  /** The call's signal (cancel and deadline): decoding stops when it fires. */
  readonly signal?: AbortSignal
  /** Told when no worker can start and a large body is decoded inline. */
  readonly onFallback?: (why: string) => void
  /**
   * The answer's list goes to a port, not to this thread: it is then an AwayList
   * (away-list.ts). A list decoded here (a small body, no worker) or without records stays the
   * list.
   */
  readonly listAway?: ListAway
}

/**
 * Decodes in the worker when the body is large, inline otherwise (a worker round trip costs more
 * than a small decode, and a small decode is quick: the parser is linear). The call's signal
 * covers the decode as it covered the download: one deadline for the whole call.
 */
export async function decodeOffThread(
  input: PoolInput,
  options: DecodeOptions = {}
): Promise<unknown> {
  const { signal } = options
  const detail = { operation: input.operation, service: input.service, binding: input.binding }
  if (signal?.aborted === true) throw abortError(signal, detail)
  if (sizeOf(input) < WORKER_THRESHOLD_BYTES || unavailable) return readInput(input)
  return new Promise<unknown>((resolve, reject) => {
    const onAbort = (): void => {
      if (signal !== undefined) abandon(job, abortError(signal, detail))
    }
    let settled = false
    const job: Job = {
      id: nextId++,
      input,
      parts: [],
      listAway: input.reading === 'description' ? null : (options.listAway ?? null),
      away: null,
      on: null,
      crashes: 0,
      left: 0,
      handedOver: false,
      settle(outcome) {
        if (settled) return
        settled = true
        signal?.removeEventListener('abort', onAbort)
        if ('error' in outcome) reject(outcome.error)
        else resolve(outcome.value)
      }
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    waiting.push(job)
    const before = unavailable
    dispatch()
    if (!before && unavailable) options.onFallback?.(unavailableWhy)
  })
}

/** Stops the shared worker (tests and app shutdown); the next large decode starts a new one. */
export async function stopDecodeWorker(): Promise<void> {
  if (idle !== null) clearTimeout(idle)
  idle = null
  const w = worker
  worker = null
  const job = running
  running = null
  if (job !== null) {
    closeAway(job)
    job.settle({ error: new AppError('cancelled', 'Decoding was stopped.') })
  }
  for (const j of waiting.splice(0))
    j.settle({ error: new AppError('cancelled', 'Decoding was stopped.') })
  if (w !== null) await w.terminate()
}

/** The worker decoding now, if any: for tests that end it as a crash would. */
export function currentDecodeWorker(): Worker | null {
  return worker
}
