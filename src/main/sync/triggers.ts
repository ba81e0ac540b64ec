import type { EventBus } from '../ipc/event-bus'
import type { AccountStatus } from '../../shared/model/account'

/**
 * Starts a sync when the account becomes signed in (a first sign-in, or signing in again after the
 * service stopped accepting the old one): edits waiting in the outbox go out, and the collection
 * arrives, without the user having to find the Sync button.
 */
export function syncOnSignIn(events: EventBus, start: () => void): () => void {
  let signedIn: boolean | null = null
  return events.subscribe((name, payload) => {
    if (name !== 'account:changed') return
    const now = (payload as AccountStatus).signedIn
    const was = signedIn
    signedIn = now
    if (now && was !== true) start()
  })
}
