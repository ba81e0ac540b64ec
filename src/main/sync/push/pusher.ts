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
  /**
   * One round over the pending rows; joins a round already running. A caller's signal cancels
   * the round it started or joined.
   */
  push(signal?: AbortSignal): Promise<PushReport>
  /** Forget what the service offers (after a profile switch). */
  reset(): void
}

/** One round at a time; what the service offers is read once and kept until reset. */
class OutboxPusher implements Pusher {
  private running: { readonly report: Promise<PushReport>; readonly stop: AbortController } | null =
    null
  private offers: Offers | null = null

  constructor(private readonly deps: PusherDeps) {}

  push(signal?: AbortSignal): Promise<PushReport> {
    if (this.running === null) {
      const stop = new AbortController()
      // Never between a collection pull's read and its write (collection-turn.ts).
      const report = inCollectionTurn(this.deps.store, () => this.round(stop.signal)).finally(
        () => {
          this.running = null
        }
      )
      this.running = { report, stop }
    }
    // Every caller's signal reaches the round, the joiner's too: a sync that joined the edits'
    // background round and was cancelled waited for that whole round (its rows, or a hung call's
    // deadline) before it could stop. A round cut short is safe (push-row.ts); the rows it leaves
    // wait for the next one.
    const { report, stop } = this.running
    if (signal !== undefined) {
      if (signal.aborted) stop.abort()
      else {
        const cancel = (): void => {
          stop.abort()
        }
        const forget = (): void => {
          signal.removeEventListener('abort', cancel)
        }
        signal.addEventListener('abort', cancel, { once: true })
        // Both ways, so a round that throws leaves no second, unhandled rejection here.
        report.then(forget, forget)
      }
    }
    return report
  }

  reset(): void {
    this.offers = null
  }

  private async round(signal: AbortSignal): Promise<PushReport> {
    const { deps } = this
    const db = deps.store.write
    const profileId = deps.profileId()
    const nothing = new PushTally()
    // Conflicts alone still make a round: what they show is read again (conflicts.ts).
    if (!outbox.hasRoundWork(db, profileId)) return nothing.report(null)
    if (!deps.signedIn()) return nothing.report('signed_out')
    // The round's signal reaches the request in flight: cancelled, a round ends at once, and a
    // write cut off is one more that was recorded as sent before it left (push-row.ts).
    const client = withSignal(deps.client(), signal)
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
