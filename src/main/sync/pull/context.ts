import { AppError } from '../../../shared/errors'
import type { SyncPhase } from '../../../shared/model/sync'
import type { Store } from '../../store/connection'
import { countAllowanceCall, recordAllowanceLimit, utcDay } from '../../store/sync-state-repo'
import type { ServicePort } from '../../account/index'

/** What one pull needs: the store, the profile it writes for, a client, progress and cancellation. */
export interface PullContext {
  readonly store: Store
  readonly profileId: number
  readonly client: ServicePort
  readonly signal: AbortSignal
  readonly now: () => Date
  progress(phase: SyncPhase, done: number, total: number): void
  /** Sets the pull changed, for one `data:changed` event per step. */
  changed(scope: 'catalogue' | 'collection', setIDs: readonly number[]): void
  /**
   * Call before applying an answer that would remove something the app holds: an empty answer may
   * only mean the service stopped accepting the credentials. Throws when it did; asks once a sync.
   */
  confirmBeforeRemoving(): Promise<void>
}

export function checkCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new AppError('cancelled', 'Sync was cancelled.')
}

/**
 * Calls getSets (v2 or v3), counting each request sent against today's allowance, and
 * remembering the allowance when the service says it is used up.
 */
export async function callGetSets(
  ctx: PullContext,
  service: 'v2' | 'v3',
  params: Record<string, unknown>
): Promise<unknown> {
  checkCancelled(ctx.signal)
  const day = utcDay(ctx.now())
  try {
    // Every attempt counts: a retried request may have been counted by the service already.
    return await ctx.client.call(service, 'getSets', params, {
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
