import { Worker } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import type { AppErrorData } from '../../shared/errors'
import { decodeResponse } from './decode-response'
import type { DecodeInput } from './decode-response'

/** Bodies at least this large are decoded in a worker thread so IPC keeps answering (performance.md). */
export const WORKER_THRESHOLD_BYTES = 128 * 1024

type Reply =
  | { readonly id: number; readonly part: readonly unknown[] }
  | { readonly id: number; readonly ok: true; readonly value: unknown; readonly parts?: true }
  | { readonly id: number; readonly ok: false; readonly error: AppErrorData }

interface Pending {
  readonly parts: unknown[]
  resolve(value: unknown): void
  reject(error: AppError): void
}

let worker: Worker | null = null
let unavailable = false
let nextId = 1
const pending = new Map<number, Pending>()

// From sources (tests, tsx) the worker is TypeScript run through tsx; a build ships decode-worker.js.
function spawn(): Worker {
  const fromSource = import.meta.url.endsWith('.ts')
  const url = new URL(fromSource ? './decode-worker.ts' : './decode-worker.js', import.meta.url)
  const w = new Worker(url, fromSource ? { execArgv: ['--import', 'tsx'] } : {})
  w.unref()
  w.on('message', (reply: Reply) => {
    const p = pending.get(reply.id)
    if (p === undefined) return
    if ('part' in reply) {
      for (const item of reply.part) p.parts.push(item)
      // Ask for the next part on a later turn, so IPC and timers run between parts.
      setImmediate(() => {
        w.postMessage({ ack: reply.id })
      })
      return
    }
    pending.delete(reply.id)
    if (reply.ok) p.resolve(reply.parts === true ? p.parts : reply.value)
    else p.reject(AppError.from(reply.error))
  })
  const fail = (why: string): void => {
    worker = null
    for (const [id, p] of pending) {
      pending.delete(id)
      p.reject(new AppError('internal', `The decoder stopped: ${why}.`))
    }
  }
  w.on('error', (e) => {
    fail(e.message)
  })
  w.on('exit', (code) => {
    fail(`exit ${code}`)
  })
  return w
}

/**
 * Decodes in the worker when the body is large, inline otherwise (a worker round trip costs more
 * than a small decode). If no worker can start, decoding still happens, inline.
 */
export async function decodeOffThread(
  input: DecodeInput,
  onFallback?: (why: string) => void
): Promise<unknown> {
  if (input.body.length < WORKER_THRESHOLD_BYTES || unavailable) return decodeResponse(input)
  try {
    worker ??= spawn()
  } catch (e) {
    unavailable = true
    onFallback?.(e instanceof Error ? e.message : String(e))
    return decodeResponse(input)
  }
  const w = worker
  const id = nextId++
  return new Promise<unknown>((resolve, reject) => {
    pending.set(id, { parts: [], resolve, reject })
    w.ref()
    w.postMessage({ id, input })
  }).finally(() => {
    if (pending.size === 0) worker?.unref()
  })
}

/** Stops the shared worker (tests and app shutdown); the next large decode starts a new one. */
export async function stopDecodeWorker(): Promise<void> {
  const w = worker
  worker = null
  if (w !== null) await w.terminate()
}
