import { AppError } from '../../../shared/errors'
import type { SyncPhase, UnreadableKind } from '../../../shared/model/sync'
import type { RecordRejection } from '../../../shared/protocol/record-tolerance'
import type { Store } from '../../store/connection'
import { countAllowanceCall, recordAllowanceLimit, utcDay } from '../../store/sync-state-repo'
import type { ServicePort } from '../../account/index'
import type { CallOptions, ParamsOf, ResultOf } from '../../service/index'
import type { SetWriter } from './set-writer'

/** What one pull needs: the store, the profile it writes for, a client, progress and cancellation. */
export interface PullContext {
  readonly store: Store
  readonly profileId: number
  readonly client: ServicePort
  readonly signal: AbortSignal
  /**
   * The sync's one writer of catalogue pages and figures (set-writer.ts): one worker thread for
   * the whole sync, which decodes its answers too, instead of one per load.
   */
  readonly writer: SetWriter
  readonly now: () => Date
  progress(phase: SyncPhase, done: number, total: number): void
  /** Sets the pull changed, for one `data:changed` event per step. */
  changed(scope: 'catalogue' | 'collection', setIDs: readonly number[]): void
  /**
   * Call before applying an answer that would remove something the app holds: an empty answer may
   * only mean the service stopped accepting the credentials. Throws when it did; asks once a sync.
   */
  confirmBeforeRemoving(): Promise<void>
  /**
   * Records an answer held that the pull left out, unreadable (docs/protocol.md §4a): logged with
   * their ids and reasons and counted in the sync's outcome. Absent where nobody counts them.
   */
  readonly unreadable?: (
    kind: UnreadableKind,
    operation: string,
    rejected: readonly RecordRejection[]
  ) => void
}

export function checkCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new AppError('cancelled', 'Sync was cancelled.')
}

/**
 * Sends one getSets (v2 or v3), counting each request sent against today's allowance, and
 * remembering the allowance when the service says it is used up (docs/protocol.md §6).
 */
async function countedGetSets<T>(
  ctx: PullContext,
  send: (options: CallOptions) => Promise<T>,
  extra: Pick<CallOptions, 'listAway'>
): Promise<T> {
  checkCancelled(ctx.signal)
  const day = utcDay(ctx.now())
  try {
    // Every attempt counts: a retried request may have been counted by the service already.
    return await send({
      ...extra,
      signal: ctx.signal,
      onAttempt: () => {
        countAllowanceCall(ctx.store.write, ctx.profileId, day)
      }
    })
  } catch (e) {
    if (e instanceof AppError && e.code === 'limit_exceeded') {
      // The refusal itself is not a counted call.
      countAllowanceCall(ctx.store.write, ctx.profileId, day, -1)
      recordAllowanceLimit(ctx.store.write, ctx.profileId, day)
    }
    throw e
  }
}

/**
 * v2 getSets, counted against the allowance. `extra.listAway`: its records go to a port
 * (service/away-list.ts), so the answer's list may be an AwayList whatever its type says.
 */
export function v2GetSets(
  ctx: PullContext,
  params: ParamsOf<'v2', 'getSets'>,
  extra: Pick<CallOptions, 'listAway'> = {}
): Promise<ResultOf<'v2', 'getSets'>> {
  return countedGetSets(ctx, (options) => ctx.client.v2.getSets(params, options), extra)
}

/** v3 getSets, counted against the allowance; `extra` as for v2GetSets. */
export function v3GetSets(
  ctx: PullContext,
  params: ParamsOf<'v3', 'getSets'>,
  extra: Pick<CallOptions, 'listAway'> = {}
): Promise<ResultOf<'v3', 'getSets'>> {
  return countedGetSets(ctx, (options) => ctx.client.v3.getSets(params, options), extra)
}
