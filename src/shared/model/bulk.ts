import type { SetState } from './collection'

/** Most sets one bulk edit takes: one transaction, one journal entry, a few seconds of push. */
export const BULK_MAX_SETS = 5000

/** Why a bulk edit left one set of the selection as it was. */
type BulkSkipReason = 'copies' | 'notesFull' | 'maxQuantity'

export interface BulkSkipDto {
  readonly setID: number
  readonly fullNumber: string
  readonly reason: BulkSkipReason
  /** The reason in the user's words, naming the set's own numbers. */
  readonly message: string
}

/** What a bulk edit will do (or did) to a selection, set by set counted. */
export interface BulkPlanDto {
  /** Sets in the selection. */
  readonly sets: number
  /** Sets the edit changes. */
  readonly change: number
  /** Sets already in the state asked for: nothing to do. */
  readonly already: number
  /** Sets the collection's rules keep as they are, each with its reason. */
  readonly skipped: readonly BulkSkipDto[]
  /** The journal's words for the edit ("30 sets marked owned"). */
  readonly description: string
}

export interface BulkEditResultDto extends BulkPlanDto {
  /** The one journal entry (null: no set changed, nothing was written). */
  readonly journalId: number | null
  /** The sets the edit changed, in the order asked. */
  readonly changed: readonly number[]
  /**
   * Their new states, for the rows on screen at once; null when there are more than
   * SET_STATES_MAX (the screen reads its rows again, as it does after any edit).
   */
  readonly states: readonly SetState[] | null
}

/** One change for every set of a selection (the bulk bar's buttons). */
export type BulkAction =
  | { readonly kind: 'owned' | 'wanted'; readonly value: boolean }
  | { readonly kind: 'quantity'; readonly delta: 1 | -1 }
  | { readonly kind: 'flag'; readonly flagNo: number; readonly value: boolean }
  | { readonly kind: 'appendNote'; readonly text: string }

/** "marked owned", "“Built” on": the action in a few words; `flagName` is the user's label. */
function bulkActionWords(action: BulkAction, flagName: (flagNo: number) => string): string {
  switch (action.kind) {
    case 'owned':
      return action.value ? 'marked owned' : 'marked not owned'
    case 'wanted':
      return action.value ? 'marked wanted' : 'marked not wanted'
    case 'quantity':
      return action.delta > 0 ? 'quantity +1' : 'quantity −1'
    case 'flag':
      return `“${flagName(action.flagNo)}” ${action.value ? 'on' : 'off'}`
    case 'appendNote':
      return 'note appended'
  }
}

/** "30 sets marked owned", "2 sets: “Built” on": the journal's and the toasts' words. */
export function bulkDescription(
  sets: number,
  action: BulkAction,
  flagName: (flagNo: number) => string
): string {
  const words = bulkActionWords(action, flagName)
  const joint = action.kind === 'owned' || action.kind === 'wanted' ? ' ' : ': '
  return `${sets.toLocaleString('en')} ${sets === 1 ? 'set' : 'sets'}${joint}${words}`
}
