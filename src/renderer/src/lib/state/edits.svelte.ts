import { SvelteSet } from 'svelte/reactivity'
import type { SetPatch } from '../../../../shared/ipc/channels/collection'
import type { SetCollectionDto } from '../../../../shared/model/collection'
import { tryCall } from '../api'
import { detail } from './detail.svelte'
import { notices } from './notices.svelte'
import { search } from './search.svelte'

/** Collection edits from any screen: one path, so list and detail always agree. */
export class Edits {
  /** Sets with an edit on its way to the local store (shown as "saving"). */
  saving = new SvelteSet<number>()

  async updateSet(setID: number, patch: SetPatch): Promise<SetCollectionDto | null> {
    this.saving.add(setID)
    const result = await tryCall('collection:updateSet', { setID, patch })
    this.saving.delete(setID)
    if (!result.ok) {
      notices.error(result.error, () => void this.updateSet(setID, patch))
      return null
    }
    search.patchSet(setID, result.value)
    detail.patchCollection(setID, result.value)
    return result.value
  }

  /** The contract takes all eight flags at once: the toggled one flips, the rest stay. */
  toggleFlag(setID: number, flags: readonly boolean[], flagNo: number): Promise<unknown> {
    const next = (n: number): boolean =>
      n === flagNo ? !(flags[n - 1] ?? false) : flags[n - 1] === true
    return this.updateSet(setID, {
      flags: {
        '1': next(1),
        '2': next(2),
        '3': next(3),
        '4': next(4),
        '5': next(5),
        '6': next(6),
        '7': next(7),
        '8': next(8)
      }
    })
  }
}

export const edits = new Edits()
