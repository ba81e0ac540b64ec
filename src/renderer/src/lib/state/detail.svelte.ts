import type { AppErrorData } from '../../../../shared/errors'
import type { SetDetailDto, SetExtrasDto } from '../../../../shared/model/catalog'
import type { CopyDto, SetCollectionDto } from '../../../../shared/model/collection'
import type { CopyInput } from '../../../../shared/ipc/channels/collection'
import { tryCall } from '../api'
import { notices } from './notices.svelte'

/** The open set: catalogue detail, extras (fetched on demand), copies and condition lists. */
export class SetDetailState {
  setID = $state<number | null>(null)
  set = $state.raw<SetDetailDto | null>(null)
  extras = $state.raw<SetExtrasDto | null>(null)
  extrasError = $state.raw<AppErrorData | null>(null)
  copies = $state.raw<readonly CopyDto[]>([])
  error = $state.raw<AppErrorData | null>(null)
  conditions = $state.raw<{ acquired: readonly string[]; now: readonly string[] }>({
    acquired: [],
    now: []
  })
  private conditionsLoaded = false
  /** Bumped by every edit's answer: a load started before it must not bring back older values. */
  private editSeq = 0
  /** The latest edits' answers, also of a set still loading (its row may be edited meanwhile). */
  private edited: { seq: number; setID: number; collection: SetCollectionDto }[] = []

  async open(setID: number): Promise<void> {
    if (this.setID !== setID) {
      this.setID = setID
      this.set = null
      this.extras = null
      this.extrasError = null
      this.copies = []
    }
    this.error = null
    void this.loadConditions()
    const seq = this.editSeq
    const [set, copies] = await Promise.all([
      tryCall('catalog:getSet', { setID }),
      tryCall('collection:listCopies', { setID })
    ])
    if (this.setID !== setID) return
    if (set.ok) {
      const newer = this.edited.findLast((e) => e.seq > seq && e.setID === setID)
      this.set = newer ? { ...set.value, collection: newer.collection } : set.value
    } else this.error = set.error
    if (copies.ok) this.copies = copies.value
    const extras = await tryCall('catalog:getSetExtras', { setID })
    if (this.setID !== setID) return
    if (extras.ok) this.extras = extras.value
    else this.extrasError = extras.error
  }

  async reload(): Promise<void> {
    if (this.setID !== null) await this.open(this.setID)
  }

  close(): void {
    this.setID = null
  }

  /** The open set's copies again (their sync states, or a copy edited elsewhere). */
  async reloadCopies(): Promise<void> {
    const setID = this.setID
    if (setID === null) return
    const copies = await tryCall('collection:listCopies', { setID })
    if (this.setID === setID && copies.ok) this.copies = copies.value
  }

  patchCollection(setID: number, collection: SetCollectionDto): void {
    this.editSeq++
    this.edited = [...this.edited.slice(-20), { seq: this.editSeq, setID, collection }]
    if (this.set?.setID === setID) this.set = { ...this.set, collection }
  }

  private async loadConditions(): Promise<void> {
    if (this.conditionsLoaded) return
    const [acquired, now] = await Promise.all([
      tryCall('catalog:listConditions', { which: 'acquired' }),
      tryCall('catalog:listConditions', { which: 'now' })
    ])
    if (acquired.ok && now.ok) {
      this.conditions = { acquired: acquired.value, now: now.value }
      this.conditionsLoaded = true
    }
  }

  /** Saves a new or edited copy; returns false (and says why) when it failed. */
  async saveCopy(localId: string | null, copy: CopyInput): Promise<boolean> {
    const setID = this.setID
    if (setID === null) return false
    const result = await tryCall('collection:saveCopy', {
      setID,
      ...(localId === null ? {} : { localId }),
      copy
    })
    if (!result.ok) {
      notices.error(result.error)
      return false
    }
    const saved = result.value
    const exists = this.copies.some((c) => c.localId === saved.localId)
    this.copies = exists
      ? this.copies.map((c) => (c.localId === saved.localId ? saved : c))
      : [...this.copies, saved]
    return true
  }

  async deleteCopy(localId: string): Promise<void> {
    const setID = this.setID
    if (setID === null) return
    const result = await tryCall('collection:deleteCopy', { setID, localId })
    if (!result.ok) {
      notices.error(result.error)
      return
    }
    this.copies = this.copies.filter((c) => c.localId !== localId)
  }
}

export const detail = new SetDetailState()
