import type { ChannelInput, ChannelName, ChannelOutput, EventMap, EventName } from './contract'
import type { Result } from './result'

/**
 * What the preload exposes as `window.studbook`: exactly one function per contract channel and one
 * subscription per event, nothing generic. Keys are the contract's names.
 */
export interface StudbookBridge {
  readonly api: {
    readonly [K in ChannelName]: (input: ChannelInput<K>) => Promise<Result<ChannelOutput<K>>>
  }
  readonly events: {
    readonly [E in EventName]: (listener: (payload: EventMap[E]) => void) => () => void
  }
}

/** The Electron IPC channel that carries event E (main → renderer). */
export function eventChannel(name: EventName): string {
  return `event:${name}`
}
