import type { EventMap, EventName } from '../../shared/ipc/contract'

type EventListener = <E extends EventName>(name: E, payload: EventMap[E]) => void

/** Typed fan-out of main → renderer events; hosts subscribe and forward to their windows/clients. */
export interface EventBus {
  emit<E extends EventName>(name: E, payload: EventMap[E]): void
  subscribe(listener: EventListener): () => void
}

export function createEventBus(): EventBus {
  const listeners = new Set<EventListener>()
  return {
    emit(name, payload) {
      for (const listener of listeners) {
        try {
          listener(name, payload)
        } catch {
          // A broken subscriber (a closed window) must not stop the others.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}
