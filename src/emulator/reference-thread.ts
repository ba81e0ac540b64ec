import { Worker } from 'node:worker_threads'
import type { ResourceLimits } from 'node:worker_threads'
import { connectionError, cutResponse } from './fetch-transport'
import { makeAccounts } from './state'
import { fromThreadSchema, threadOptionsSchema } from './thread-messages'
import type { FromThread, ThreadOptions, ToThread } from './thread-messages'
import { workerScript } from '../shared/worker-script'

/**
 * The reference service run in a worker thread, reached the way a remote service is: each Request
 * goes over as method, URL, headers and body bytes, and comes back as status, headers and body
 * bytes. The host's main loop only copies bytes; the catalogue and every answer live in the thread
 * (reference-worker.ts). The thread starts on first use (a call, or start), a thread that dies is
 * started again on the next call, and what a dead thread was answering fails as a dropped
 * connection does.
 */

interface DemoAccount {
  readonly apiKey: string
  readonly username: string
  readonly password: string
}

/** The demo user's sign-in, as the service's login answers it. */
interface DemoSignIn {
  readonly username: string
  readonly userHash: string
}

export interface ReferenceThread {
  /** Starts the thread if none runs; the demo account once the service in it is up. */
  start(): Promise<DemoAccount>
  /**
   * The demo account and its sign-in without starting the thread: the service makes its accounts
   * from the seed alone (state.ts makeAccounts), so they are known before it runs. The app can
   * then offer the demo, signed in, and start the thread only when the demo is used.
   */
  account(): DemoAccount & DemoSignIn
  /** One call, as fetch makes it: aborts reject at once, connection faults as undici's do. */
  fetch(request: Request): Promise<Response>
  /** Closes the service's file and ends the thread; later calls are refused. */
  close(): Promise<void>
  /** The running thread, if any: for tests that end it as a crash would. */
  worker(): Worker | null
}

interface Call {
  resolve(response: Response): void
  reject(error: Error): void
}

interface Live {
  readonly worker: Worker
  readonly ready: Promise<DemoAccount>
  readonly calls: Map<number, Call>
  up: boolean
  closing: boolean
  /** Ends an idle thread (see IDLE_MS); null while calls are in flight. */
  retire: ReturnType<typeof setTimeout> | null
}

/**
 * How long a thread whose service keeps its data in a file may sit idle before it ends. Its heap
 * and isolate (40-60 MB of the host's RSS at 20,000 sets) are held for nothing once the demo's
 * sync is done, or when the user works with their own service; the next call starts it again
 * (catalogue regenerated from the seed, service data read back from its file). A service without
 * a file would lose its data, so it is never retired.
 */
const IDLE_MS = 10_000

/** How long close waits for the thread to close the service's file before ending it. */
const CLOSE_GRACE_MS = 5000

const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error
    ? signal.reason
    : new DOMException('This operation was aborted', 'AbortError')

function toResponse(m: Extract<FromThread, { type: 'response' }>): Response {
  const init = { status: m.status, statusText: m.statusText, headers: m.headers }
  if (m.cutAt !== null) return cutResponse(m.body, m.cutAt, init)
  const nullBody = m.status === 204 || m.status === 205 || m.status === 304
  return new Response(nullBody ? null : m.body, init)
}

const DEFAULT_SETS = 2000

/**
 * The thread's heap counts in the host's RSS. Left to V8's defaults (a 4 GB ceiling) it let
 * garbage from the answers grow the heap to twice what stays live; a ceiling a few times the live
 * size (the catalogue, ~50 bytes a set, plus ~25 MB of code and caches) makes V8 collect sooner,
 * and a small young generation keeps each page's garbage from piling up. Measured with
 * bench/.mem/thread.mts: 20,000 sets, worker heap 68 -> 36 MB, RSS 194 -> 165 MB.
 */
function threadLimits(sets: number): ResourceLimits {
  return { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 + Math.ceil(sets / 2000) }
}

function newWorker(data: ThreadOptions): Worker {
  const script = workerScript(import.meta.url, 'reference-worker', process.env)
  return new Worker(script.url, {
    ...script.options,
    workerData: data,
    resourceLimits: threadLimits(data.sets ?? DEFAULT_SETS)
  })
}

interface ThreadTuning {
  readonly idleMs?: number
  /**
   * Told the OS id of each thread as it starts (Linux): the app steps it back behind its own
   * main thread, as it does its workers. The service stands in for a remote one; here it shares
   * the user's cores (issue #25).
   */
  readonly onThread?: (tid: number) => void
}

export function createReferenceThread(
  options: ThreadOptions,
  tuning: ThreadTuning = {}
): ReferenceThread {
  const data = threadOptionsSchema.parse(options)
  const idleMs = data.dbPath === undefined ? null : (tuning.idleMs ?? IDLE_MS)
  let live: Live | null = null
  let closed = false
  let nextId = 1

  // The thread keeps the process up only while someone waits on it, as an open socket would.
  const hold = (l: Live): void => {
    const idle = l.up && !l.closing && l.calls.size === 0
    if (idle) l.worker.unref()
    else l.worker.ref()
    if (!idle && l.retire !== null) {
      clearTimeout(l.retire)
      l.retire = null
    }
    if (idle && l.retire === null && idleMs !== null) {
      l.retire = setTimeout(() => {
        retire(l)
      }, idleMs)
      l.retire.unref()
    }
  }

  const post = (l: Live, message: ToThread, transfer: ArrayBuffer[] = []): void => {
    l.worker.postMessage(message, transfer)
  }

  /**
   * At most one answer reaches its caller in a turn of the event loop. The thread answers as fast
   * as it can, and answers that arrive together were taken off its port in one go, each caller's
   * continuation (reading and decoding the answer) straight after the last: at the start of a
   * first sync, four per-theme answers and a page of sets held the host's main loop 50-65 ms
   * (issue #25). The first of a turn goes at once (a lone answer never waits), the rest one a turn
   * after it, so the renderer's calls and timers run between them. Drops and a lost thread go the
   * same way, so each call sees the thread's messages in the order they came.
   */
  const due: (() => void)[] = []
  let spent = false
  // An immediate queued by an immediate runs on the loop's next turn, after timers and I/O.
  const nextTurn = (): void => {
    spent = false
    const fn = due.shift()
    if (fn !== undefined) deliver(fn)
  }
  const deliver = (fn: () => void): void => {
    spent = true
    setImmediate(nextTurn)
    fn()
  }
  const inTurn = (fn: () => void): void => {
    if (spent || due.length > 0) due.push(fn)
    else deliver(fn)
  }

  const settle = (l: Live, id: number, done: (call: Call) => void): void => {
    const call = l.calls.get(id)
    if (call === undefined) return
    l.calls.delete(id)
    hold(l)
    done(call)
  }

  /** Ends an idle thread as close does, but the next call starts a new one. */
  function retire(l: Live): void {
    l.retire = null
    if (live !== l || l.closing || l.calls.size > 0) return
    live = null
    void shut(l)
  }

  /** Asks the thread to close the service's file and end; ends it if it does not in time. */
  function shut(l: Live): Promise<void> {
    l.closing = true
    hold(l)
    const exited = new Promise<void>((resolve) =>
      l.worker.once('exit', () => {
        resolve()
      })
    )
    post(l, { type: 'close' })
    const grace = setTimeout(() => {
      l.worker.terminate().catch(() => undefined)
    }, CLOSE_GRACE_MS)
    grace.unref()
    return exited.then(() => {
      clearTimeout(grace)
    })
  }

  function spawn(): Live {
    const worker = newWorker(data)
    let markReady: (demo: DemoAccount) => void = () => undefined
    let markFailed: (e: Error) => void = () => undefined
    const ready = new Promise<DemoAccount>((resolve, reject) => {
      markReady = resolve
      markFailed = reject
    })
    // Owned here: whoever awaits start() sees the failure; nobody may have asked.
    ready.catch(() => undefined)
    const l: Live = {
      worker,
      ready,
      calls: new Map(),
      up: false,
      closing: false,
      retire: null
    }
    let why: string | null = null
    const lost = (exit: string): void => {
      if (live === l) live = null
      if (l.retire !== null) clearTimeout(l.retire)
      const reason = why ?? exit
      if (!l.up) markFailed(new Error(`The demo service could not start: ${reason}`))
      const error = l.up
        ? connectionError(
            'ECONNRESET',
            `the demo service ${l.closing ? 'was closed' : `stopped: ${reason}`}`
          )
        : connectionError('ECONNREFUSED', `the demo service could not start: ${reason}`)
      // After the answers it sent before it ended: those still reach their callers first.
      inTurn(() => {
        const calls = [...l.calls.values()]
        l.calls.clear()
        for (const call of calls) call.reject(error)
      })
    }
    worker.on('message', (raw: unknown) => {
      const parsed = fromThreadSchema.safeParse(raw)
      if (!parsed.success) {
        why = 'it sent a message that does not parse'
        worker.terminate().catch(() => undefined)
        return
      }
      const m = parsed.data
      switch (m.type) {
        case 'thread':
          tuning.onThread?.(m.tid)
          break
        case 'ready':
          l.up = true
          hold(l)
          markReady(m.demo)
          break
        case 'failed':
          why = m.message
          break
        case 'drop':
          inTurn(() => {
            settle(l, m.id, (call) => {
              call.reject(connectionError('ECONNRESET', 'the demo service dropped the connection'))
            })
          })
          break
        case 'response':
          inTurn(() => {
            settle(l, m.id, (call) => {
              // An answer fetch could not have given (a header undici refuses) fails as a bad reply.
              try {
                call.resolve(toResponse(m))
              } catch (e) {
                call.reject(
                  connectionError('ECONNRESET', `the demo service's answer: ${String(e)}`)
                )
              }
            })
          })
      }
    })
    worker.on('error', (e) => {
      why ??= e.message
    })
    worker.on('exit', (code) => {
      lost(`exit ${code}`)
    })
    hold(l)
    return l
  }

  const ensure = (): Live => (live ??= spawn())

  return {
    account() {
      const { apiKeys, users } = makeAccounts(data.seed ?? 1)
      const user = users[0]
      return {
        apiKey: apiKeys[0] ?? '',
        username: user?.username ?? '',
        password: user?.password ?? '',
        userHash: user?.userHash ?? ''
      }
    },

    start() {
      if (closed) return Promise.reject(new Error('The demo service is closed.'))
      try {
        return ensure().ready
      } catch (e) {
        return Promise.reject(new Error(`The demo service could not start: ${String(e)}`))
      }
    },

    async fetch(request) {
      const { signal } = request
      signal.throwIfAborted()
      const body = request.body === null ? null : new Uint8Array(await request.arrayBuffer())
      signal.throwIfAborted()
      if (closed) throw connectionError('ECONNREFUSED', 'the demo service is closed')
      let l: Live
      try {
        l = ensure()
      } catch (e) {
        throw connectionError('ECONNREFUSED', `the demo service could not start: ${String(e)}`)
      }
      const id = nextId++
      return new Promise<Response>((resolve, reject) => {
        const onAbort = (): void => {
          if (l.calls.delete(id)) {
            post(l, { type: 'abort', id })
            hold(l)
          }
          reject(abortReason(signal))
        }
        l.calls.set(id, {
          resolve(response) {
            signal.removeEventListener('abort', onAbort)
            resolve(response)
          },
          reject(error) {
            signal.removeEventListener('abort', onAbort)
            reject(error)
          }
        })
        signal.addEventListener('abort', onAbort, { once: true })
        hold(l)
        const message: ToThread = {
          type: 'fetch',
          id,
          method: request.method,
          url: request.url,
          headers: [...request.headers],
          body
        }
        post(l, message, body ? [body.buffer] : [])
      })
    },

    async close() {
      closed = true
      const l = live
      if (l === null) return
      await shut(l)
    },

    worker: () => live?.worker ?? null
  }
}
