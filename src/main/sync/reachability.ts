import type { FetchLike } from '../service/index'

/**
 * Whether the service can be reached, as every call to it shows: one source of truth for the
 * "Offline" the header shows and for resuming a sync the network cut off. Any answer at all (even
 * an error page) proves the service is reachable; a request that could not be sent, or that ran
 * past its deadline, proves it is not. A call the user cancelled proves nothing.
 */
export interface Reachability {
  /** False from a call that could not reach the service until one that did. */
  online(): boolean
  /** The service answered a call since the profile was chosen. */
  answered(): boolean
  /** `fetch` reporting each outcome here. */
  watch(fetch: FetchLike): FetchLike
  /** A call answered, seen by its caller (a client built without `watch`). */
  reached(): void
  /** A failure the transport saw without the fetch failing (a deadline in the body). */
  unreachable(): void
  /** A new profile: nothing is known about its service yet. */
  reset(): void
  /** Called on every change of `online()`. */
  onChange(listener: (online: boolean) => void): () => void
}

function timedOut(signal: AbortSignal): boolean {
  const reason: unknown = signal.reason
  return reason instanceof DOMException && reason.name === 'TimeoutError'
}

export function createReachability(): Reachability {
  let online = true
  let answered = false
  const listeners = new Set<(online: boolean) => void>()
  const reached = (): void => {
    answered = true
    set(true)
  }
  const set = (next: boolean): void => {
    if (next === online) return
    online = next
    for (const l of listeners) l(online)
  }
  return {
    online: () => online,
    answered: () => answered,
    watch(fetch) {
      return async (request) => {
        let response: Response
        try {
          response = await fetch(request)
        } catch (e) {
          if (!request.signal.aborted || timedOut(request.signal)) set(false)
          throw e
        }
        reached()
        return response
      }
    },
    reached,
    unreachable() {
      set(false)
    },
    reset() {
      answered = false
      set(true)
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}
