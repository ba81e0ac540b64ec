import { readlinkSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { createReferenceService, TRANSPORT } from './index'
import type { ReferenceService } from './index'
import {
  fromThreadSchema,
  presentOnly,
  threadOptionsSchema,
  toThreadSchema
} from './thread-messages'
import type { FromThread, ToThread } from './thread-messages'

/**
 * The reference service in its own thread (reference-thread.ts is the caller's side): the catalogue
 * is built and every answer computed here, so the host's main loop keeps serving timers, IPC and
 * sockets while the demo answers a 500-set page or a whole sync's worth of calls.
 */

const port = parentPort
if (port === null) throw new Error('reference-worker.ts runs only as a worker thread')

function send(message: FromThread, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(fromThreadSchema.parse(message), transfer)
}

/** This thread's id in the OS, where /proc names it (Linux); null elsewhere. */
function ownThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    return Number.isSafeInteger(tid) && tid > 0 ? tid : null
  } catch {
    return null
  }
}

// First of all, before the catalogue is built: the caller decides this thread's priority.
const tid = ownThreadId()
if (tid !== null) send({ type: 'thread', tid })

function start(): ReferenceService | null {
  try {
    return createReferenceService(presentOnly(threadOptionsSchema.parse(workerData)))
  } catch (e) {
    send({ type: 'failed', message: e instanceof Error ? e.message : String(e) })
    return null
  }
}

/** Calls being answered, by id; an aborted one leaves, and its answer is not sent. */
const inFlight = new Map<number, AbortController>()

async function answer(
  service: ReferenceService,
  m: Extract<ToThread, { type: 'fetch' }>
): Promise<void> {
  const controller = new AbortController()
  inFlight.set(m.id, controller)
  try {
    const request = new Request(m.url, {
      method: m.method,
      headers: m.headers,
      body: m.body,
      signal: controller.signal
    })
    const routed = TRANSPORT.get(service)
    const { response, transport } = routed
      ? await routed(request)
      : { response: await service.handle(request), transport: undefined }
    if (!inFlight.has(m.id)) return
    if (transport?.type === 'drop') {
      send({ type: 'drop', id: m.id })
      return
    }
    const body = new Uint8Array(await response.arrayBuffer())
    if (!inFlight.has(m.id)) return
    const cutAt =
      transport?.type === 'truncate' ? (transport.bytes ?? Math.floor(body.length / 2)) : null
    send(
      {
        type: 'response',
        id: m.id,
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body,
        cutAt
      },
      [body.buffer]
    )
  } catch {
    // As the node:http listener answers a handler that threw.
    const body = new TextEncoder().encode('Internal error.')
    send({
      type: 'response',
      id: m.id,
      status: 500,
      statusText: '',
      headers: [['content-type', 'text/plain; charset=utf-8']],
      body,
      cutAt: null
    })
  } finally {
    inFlight.delete(m.id)
  }
}

const service = start()
if (service !== null) {
  port.on('message', (raw: unknown) => {
    const parsed = toThreadSchema.safeParse(raw)
    // A message that does not parse is the caller's bug: the thread ends, as a server would
    // close a connection speaking nonsense, and the caller sees its calls fail and starts anew.
    if (!parsed.success) process.exit(2)
    const m = parsed.data
    switch (m.type) {
      case 'fetch':
        void answer(service, m)
        break
      case 'abort':
        inFlight.get(m.id)?.abort()
        inFlight.delete(m.id)
        break
      case 'close':
        service.close()
        process.exit(0)
    }
  })
  const { demo, namespaces } = service
  send({ type: 'ready', demo: { ...demo }, namespaces: { ...namespaces } })
}
