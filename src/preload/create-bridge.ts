import { eventChannel } from '../shared/ipc/bridge'
import type { StudbookBridge } from '../shared/ipc/bridge'
import { CHANNEL_NAMES, EVENT_NAMES } from '../shared/ipc/contract'

/**
 * The two ipcRenderer calls the bridge uses. Listeners get Electron's event object first; the bridge
 * drops it so the page never holds anything from Electron.
 */
interface PreloadIpc {
  invoke(channel: string, input: unknown): Promise<unknown>
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown
}

/**
 * `window.studbook`: one named function per contract channel and one subscription per event, frozen.
 * Names come from the contract, so adding a channel there is all it takes.
 */
export function createBridge(ipc: PreloadIpc): StudbookBridge {
  const api = Object.fromEntries(
    CHANNEL_NAMES.map((channel) => [channel, (input: unknown) => ipc.invoke(channel, input)])
  )
  const events = Object.fromEntries(
    EVENT_NAMES.map((name) => [
      name,
      (listener: (payload: unknown) => void) => {
        if (typeof listener !== 'function') throw new TypeError('listener must be a function')
        const wrapped = (_event: unknown, payload: unknown): void => {
          listener(payload)
        }
        ipc.on(eventChannel(name), wrapped)
        return () => {
          ipc.removeListener(eventChannel(name), wrapped)
        }
      }
    ])
  )
  // The cast only restores the per-key types that Object.fromEntries loses; the keys are the
  // contract's, and each function passes its input on and its answer back untouched.
  const bridge: { api: Readonly<typeof api>; events: Readonly<typeof events> } = {
    api: Object.freeze(api),
    events: Object.freeze(events)
  }
  return Object.freeze(bridge) as StudbookBridge
}
