import type {
  ChannelInput,
  ChannelName,
  ChannelOutput,
  EventMap,
  EventName
} from '../../../shared/ipc/contract'
import { EVENT_NAMES } from '../../../shared/ipc/events'
import { asBytesCall, BYTES_HEADER, BYTES_TYPE } from '../../../shared/ipc/file-wire'
import { isIdempotentRead } from '../../../shared/ipc/reads'
import type { Result } from '../../../shared/ipc/result'
import { isErrorCode, type AppErrorData } from '../../../shared/errors'

/** How the renderer reaches main: the Electron preload bridge or the browser host's HTTP API. */
export interface Transport {
  invoke<K extends ChannelName>(
    channel: K,
    input: ChannelInput<K>
  ): Promise<Result<ChannelOutput<K>>>
  subscribe<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void): () => void
}

function failure(code: AppErrorData['code'], message: string, status?: number): Result<never> {
  return {
    ok: false,
    error: {
      code,
      message,
      retryable: code === 'offline',
      ...(status === undefined ? {} : { detail: { status } })
    }
  }
}

function isErrorData(v: unknown): v is AppErrorData {
  if (typeof v !== 'object' || v === null) return false
  const o = v as Record<string, unknown>
  return isErrorCode(o.code) && typeof o.message === 'string'
}

/** Checks the envelope's shape only: the value itself is trusted (main produced it). */
function asResult<T>(body: unknown): Result<T> {
  if (typeof body === 'object' && body !== null && 'ok' in body) {
    const o = body as { ok: unknown; value?: unknown; error?: unknown }
    if (o.ok === true) return { ok: true, value: o.value as T }
    if (o.ok === false && isErrorData(o.error)) {
      return { ok: false, error: { ...o.error, retryable: o.error.retryable } }
    }
  }
  return failure('bad_json', 'Studbook received an answer it could not read.')
}

function httpTransport(base = ''): Transport {
  let source: EventSource | null = null
  const listeners = new Map<EventName, Set<(payload: never) => void>>()

  function connect(): void {
    if (source !== null || typeof EventSource === 'undefined') return
    const es = new EventSource(`${base}events`)
    source = es
    for (const name of EVENT_NAMES) {
      es.addEventListener(name, (ev: MessageEvent<string>) => {
        let payload: unknown
        try {
          payload = JSON.parse(ev.data)
        } catch {
          return
        }
        for (const fn of listeners.get(name) ?? []) (fn as (p: unknown) => void)(payload)
      })
    }
  }

  return {
    async invoke(channel, input) {
      // A file goes as its bytes, never as text inside JSON (shared/ipc/file-wire.ts).
      const file = asBytesCall(input)
      const payload = file === null ? JSON.stringify(input) : new Blob([...file.parts])
      const headers: Record<string, string> =
        file === null
          ? { 'Content-Type': 'application/json' }
          : { 'Content-Type': BYTES_TYPE, [BYTES_HEADER]: file.header }
      const send = (): Promise<Response> =>
        fetch(`${base}rpc/${channel}`, {
          method: 'POST',
          headers,
          credentials: 'same-origin',
          body: payload
        })
      let res: Response
      try {
        res = await send()
      } catch {
        // The browser sends a POST on a kept-alive connection the host may be closing that very
        // moment, and does not resend it. A read is sent once more; a write may have been done.
        const again = isIdempotentRead(channel) ? await send().catch(() => null) : null
        if (again === null) return failure('offline', 'Studbook cannot reach its own back end.')
        res = again
      }
      if (res.status === 401 || res.status === 403) {
        return failure('forbidden', 'This page is not allowed to talk to Studbook.', res.status)
      }
      let body: unknown
      try {
        body = await res.json()
      } catch {
        return failure('bad_json', 'Studbook received an answer it could not read.', res.status)
      }
      return asResult(body)
    },
    subscribe(event, listener) {
      connect()
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      const fn = listener as (payload: never) => void
      set.add(fn)
      return () => set.delete(fn)
    }
  }
}

function bridgeTransport(): Transport | null {
  const bridge = (globalThis as { studbook?: Window['studbook'] }).studbook
  if (bridge === undefined) return null
  return {
    invoke: (channel, input) =>
      (bridge.api[channel] as (i: typeof input) => Promise<Result<ChannelOutput<typeof channel>>>)(
        input
      ),
    subscribe: (event, listener) =>
      (bridge.events[event] as (l: typeof listener) => () => void)(listener)
  }
}

let transport: Transport | null = null

function current(): Transport {
  transport ??= bridgeTransport() ?? httpTransport()
  return transport
}

/** Tests and the browser host may replace the transport (e.g. a fake back end in jsdom). */
export function setTransport(next: Transport | null): void {
  transport = next
}

let refused: (() => void) | null = null

/**
 * Called when the host refuses this page: its pass (the browser host's per-run token) is no
 * longer valid, so every call will fail the same way. That is the whole tab's state, not one call's.
 */
export function onRefused(listener: (() => void) | null): void {
  refused = listener
}

/** Never throws: the Result says whether the call worked. */
export async function tryCall<K extends ChannelName>(
  channel: K,
  input: ChannelInput<K>
): Promise<Result<ChannelOutput<K>>> {
  let result: Result<ChannelOutput<K>>
  try {
    result = await current().invoke(channel, input)
  } catch {
    return failure('internal', 'Something went wrong inside Studbook.')
  }
  if (!result.ok && result.error.code === 'forbidden') refused?.()
  return result
}

export function on<E extends EventName>(
  event: E,
  listener: (payload: EventMap[E]) => void
): () => void {
  return current().subscribe(event, listener)
}
