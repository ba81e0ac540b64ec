import { BULK_MAX_SETS } from '../../../../shared/model/bulk'
import type { SearchQuery } from '../../../../shared/ipc/channels/catalog'
import type { BulkAction, BulkEditResultDto, BulkPlanDto } from '../../../../shared/model/bulk'
import { tryCall } from '../api'
import { flags } from './flags.svelte'
import { notices } from './notices.svelte'
import { search } from './search.svelte'
import { selection } from './selection.svelte'
import { sync } from './sync.svelte'

/** Above this many sets, a bulk edit shows what it will do and waits for the user's yes. */
const CONFIRM_OVER = 50

interface Pending {
  readonly action: BulkAction
  readonly setIDs: readonly number[]
  readonly plan: BulkPlanDto
}

const sets = (n: number): string => `${n.toLocaleString()} ${n === 1 ? 'set' : 'sets'}`

/** "2 were owned already": the sets an action found in its state, in the action's words. */
function alreadyWords(n: number, action: BulkAction): string {
  const were = n === 1 ? 'was' : 'were'
  const count = n.toLocaleString()
  switch (action.kind) {
    case 'owned':
      return action.value ? `${count} ${were} owned already` : `${count} ${were} already not owned`
    case 'wanted':
      return action.value
        ? `${count} ${were} wanted already`
        : `${count} ${were} already not wanted`
    case 'quantity':
      return `${count} owned none`
    case 'flag':
      return `${count} had “${flags.label(action.flagNo)}” ${action.value ? 'on' : 'off'} already`
    case 'appendNote':
      return `${count} unchanged`
  }
}

/** What a bulk edit did or will do beyond its headline: sets already so, sets left as they were. */
export function bulkOutcomeWords(r: BulkPlanDto, action: BulkAction): string {
  const parts: string[] = []
  if (r.already > 0) parts.push(alreadyWords(r.already, action))
  const first = r.skipped[0]
  if (first) {
    const more = r.skipped.length - 1
    parts.push(
      `${sets(r.skipped.length)} left as they were (${first.message}${more > 0 ? `; and ${more.toLocaleString()} more` : ''})`
    )
  }
  return parts.join('. ')
}

/**
 * True when the action changes a field the list is filtered on: the changed sets leave the list,
 * and a selection of rows no longer shown would count sets the user cannot see.
 */
function leavesList(action: BulkAction, q: SearchQuery): boolean {
  switch (action.kind) {
    case 'owned':
    case 'quantity':
      return q.owned !== undefined
    case 'wanted':
      return q.wanted !== undefined
    case 'flag':
      return (q.flags ?? []).includes(action.flagNo)
    case 'appendNote':
      return false
  }
}

/**
 * The bulk bar's actions: the selection's set IDs, a summary first when more than 50 sets would
 * be touched, one call to main, the answered rows patched in place and a toast with Undo.
 */
class BulkEdit {
  busy = $state(false)
  /** A large edit waiting for the user's yes (the summary dialog shows it). */
  pending = $state.raw<Pending | null>(null)

  async run(action: BulkAction): Promise<void> {
    if (this.busy) return
    if (selection.count > BULK_MAX_SETS) {
      notices.info(`${sets(selection.count)} are selected`, {
        detail: `A bulk edit takes at most ${BULK_MAX_SETS.toLocaleString()} sets: narrow the list or the selection first. Nothing was changed.`
      })
      return
    }
    this.busy = true
    try {
      const setIDs = await selection.resolve()
      if (setIDs === null || setIDs.length === 0) return
      if (setIDs.length <= CONFIRM_OVER) {
        await this.apply(setIDs, action)
        return
      }
      const plan = await tryCall('collection:bulkPlan', { setIDs, action })
      if (!plan.ok) notices.error(plan.error)
      else this.pending = { action, setIDs, plan: plan.value }
    } finally {
      this.busy = false
    }
  }

  async confirm(): Promise<void> {
    const p = this.pending
    this.pending = null
    if (!p || this.busy) return
    this.busy = true
    try {
      await this.apply(p.setIDs, p.action)
    } finally {
      this.busy = false
    }
  }

  cancel(): void {
    this.pending = null
  }

  private async apply(setIDs: readonly number[], action: BulkAction): Promise<void> {
    const result = await tryCall('collection:bulkEdit', { setIDs: [...setIDs], action })
    if (!result.ok) {
      notices.error(result.error, () => void this.apply(setIDs, action))
      return
    }
    const r = result.value
    // The rows on screen take the answered states at once, when the answer holds them (a large
    // edit's does not: the reload below reads the rows on screen).
    if (r.states !== null) search.patchSets(r.states)
    if (r.changed.length > 0 && leavesList(action, search.query(0, 1, false))) selection.clear()
    // The filter counts (and the rows a filter keeps) are read again now the edit has answered:
    // main's word of the change may come late while it is busy (a push), or not at all.
    if (r.changed.length > 0) void search.reload()
    this.tell(r, action)
  }

  private tell(r: BulkEditResultDto, action: BulkAction): void {
    const detail = bulkOutcomeWords(r, action)
    const journalId = r.journalId
    if (journalId === null) {
      notices.info('Nothing changed', detail === '' ? {} : { detail })
      return
    }
    notices.info(r.description, {
      ...(detail === '' ? {} : { detail }),
      action: { label: 'Undo', run: () => void this.undo(journalId, r.change) }
    })
  }

  /**
   * The toast's Undo: the newest change is undone only if it is still this edit (main checks it
   * again when the undo arrives: another window may undo or edit meanwhile).
   */
  async undo(journalId: number, sets: number): Promise<void> {
    const newest = await tryCall('journal:list', { limit: 1 })
    if (!newest.ok) {
      notices.error(newest.error)
      return
    }
    const entry = newest.value[0]
    if (entry?.id === journalId && !entry.undone) {
      await sync.undo({ id: journalId, sets })
      return
    }
    notices.info('Not undone', {
      detail:
        entry?.id === journalId
          ? 'That bulk edit was undone already.'
          : 'Other changes came after it: Ctrl+Z undoes those first, one at a time.'
    })
  }
}

export const bulk = new BulkEdit()
