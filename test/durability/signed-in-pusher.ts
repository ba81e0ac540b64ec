import type { ServiceClient } from '../../src/main/service/index'
import { createPusher } from '../../src/main/sync/push/pusher'
import type { Pusher } from '../../src/main/sync/push/pusher'
import type { Store } from '../../src/main/store/connection'

/**
 * The real pusher over one profile's store, its client taken as signed in: what the kill -9
 * children push with, and what the loop's final check sends the stranded outbox with.
 */
export function signedInPusher(store: Store, profileId: number, client: ServiceClient): Pusher {
  return createPusher({
    store,
    profileId: () => profileId,
    client: () => client,
    signedIn: () => true,
    now: () => new Date()
  })
}
