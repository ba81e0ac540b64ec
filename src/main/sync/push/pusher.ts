import { AppError } from '../../../shared/errors'
import { withSignal } from '../../service/index'
import type { ServiceClient } from '../../service/index'
import type { Store } from '../../store/connection'
import { outbox } from '../../collection/index'
import { discoverOffers } from './offers'
import type { Offers } from './ops'
import { ServerReads } from './ops'
import { PushRound, PushTally } from './push-round'
import type { PushReport } from './push-round'
import type { Log } from '../../logging/index'
import { inCollectionTurn } from '../collection-turn'

/**
 * The pusher drains the outbox: rows in order per set; before a write the service's
 * value is read and compared with the row's base (a change behind our back becomes a conflict);
 * a row is removed only after the service said OK and a re-read shows the desired value.
 */

interface PusherDeps {
  readonly store: Store
  readonly profileId: () => number
  readonly client: () => ServiceClient
  /** The active profile holds a userHash: without one, rows wait. */
  readonly signedIn: () => boolean
  readonly now: () => Date
  readonly log?: Pick<Log, 'warn'>
}

export interface Pusher {
  /** One round over the pending rows; joins a round already running. */
  push(signal?: AbortSignal): Promise<PushReport>
  /** Forget what the service offers (after a profile switch). */
  reset(): void
}

/** One round at a time; what the service offers is read once and kept until reset. */
class OutboxPusher implements Pusher {
  private running: Promise<PushReport> | null = null
  private offers: Offers | null = null

  constructor(private readonly deps: PusherDeps) {}

  push(signal?: AbortSignal): Promise<PushReport> {
    // Never between a collection pull's read and its write (collection-turn.ts).
    this.running ??= inCollectionTurn(this.deps.store, () => this.round(signal)).finally(() => {
      this.running = null
    })
    return this.running
  }

  reset(): void {
    this.offers = null
  }

  private async round(signal: AbortSignal | undefined): Promise<PushReport> {
    const { deps } = this
    const db = deps.store.write
    const profileId = deps.profileId()
    const nothing = new PushTally()
    // Conflicts alone still make a round: what they show is read again (conflicts.ts).
    if (!outbox.hasRoundWork(db, profileId)) return nothing.report(null)
    if (!deps.signedIn()) return nothing.report('signed_out')
    // The round's signal reaches the request in flight: cancelled, a round ends at once, and a
    // write cut off is one more that was recorded as sent before it left (push-row.ts).
    const client = signal === undefined ? deps.client() : withSignal(deps.client(), signal)
    let has: Offers
    try {
      has = this.offers ?? (await discoverOffers(client))
      this.offers = has
    } catch (e) {
      return nothing.report(e instanceof AppError ? e.code : 'internal')
    }
    const now = () => deps.now().toISOString()
    const ctx = { db, profileId, now, client, reads: new ServerReads(client), has }
    return new PushRound(ctx, deps.log).run(signal)
  }
}

export function createPusher(deps: PusherDeps): Pusher {
  return new OutboxPusher(deps)
}
