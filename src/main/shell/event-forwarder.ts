import type { WebContents } from 'electron'
import { eventChannel } from '../../shared/ipc/bridge'
import type { EventMap, EventName } from '../../shared/ipc/contract'

/** What the shell needs from the app's event bus. */
interface EventSource {
  subscribe(listener: <E extends EventName>(name: E, payload: EventMap[E]) => void): () => void
}

/**
 * Pushes every app event to the current window on its own channel. The target is looked up per
 * event so a recreated window (macOS dock re-open) keeps receiving; a closed one is skipped.
 */
export function forwardEvents(
  source: EventSource,
  target: () => Pick<WebContents, 'send' | 'isDestroyed'> | null
): () => void {
  return source.subscribe((name, payload) => {
    const contents = target()
    if (contents === null || contents.isDestroyed()) return
    contents.send(eventChannel(name), payload)
  })
}
