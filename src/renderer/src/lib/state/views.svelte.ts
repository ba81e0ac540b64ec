import type { AppErrorData } from '../../../../shared/errors'
import type { SavedQuery, SavedViewDto } from '../../../../shared/ipc/channels/views'
import { tryCall } from '../api'
import { notices } from './notices.svelte'

/**
 * The saved views of the sidebar, each with its count. Counts are the back end's: they are read
 * again whenever the collection or the catalogue changed (`refresh`), and a stale answer never
 * replaces a newer one.
 */
export class ViewsState {
  #list = $state.raw<readonly SavedViewDto[]>([])
  #loaded = $state(false)
  #error = $state.raw<AppErrorData | null>(null)
  private gen = 0
  private first: Promise<void> | null = null
  /** The read again a kept count asked for (`recountInMs`); one at a time, the newest list's. */
  private recount: ReturnType<typeof setTimeout> | null = null

  get list(): readonly SavedViewDto[] {
    return this.#list
  }
  /** Whether the list has been read once (until then, an unknown id is not yet "gone"). */
  get loaded(): boolean {
    return this.#loaded
  }
  get error(): AppErrorData | null {
    return this.#error
  }

  byId(id: number): SavedViewDto | undefined {
    return this.#list.find((v) => v.id === id)
  }

  /** Reads the list and its counts. */
  async refresh(): Promise<void> {
    const gen = ++this.gen
    const r = await tryCall('views:list', {})
    if (gen !== this.gen) return
    this.#loaded = true
    if (!r.ok) {
      this.#error = r.error
      return
    }
    this.#error = null
    this.show(r.value)
  }

  /**
   * A list to show. A count main kept from before the catalogue's last change (a sync writing
   * while counting is costly) comes with when to ask again: nothing else may prompt it, when the
   * change was a load's last page.
   */
  private show(list: readonly SavedViewDto[]): void {
    this.#list = list
    if (this.recount !== null) clearTimeout(this.recount)
    this.recount = null
    const waits = list.flatMap((v) => (v.recountInMs === undefined ? [] : [v.recountInMs]))
    if (waits.length > 0) {
      this.recount = setTimeout(
        () => {
          this.recount = null
          void this.refresh()
        },
        Math.min(...waits)
      )
    }
  }

  /** The list once read (the first call reads it). */
  ready(): Promise<void> {
    this.first ??= this.refresh()
    return this.first
  }

  /** A list a change answered: newer than any read still on its way. */
  private take(list: readonly SavedViewDto[]): void {
    this.gen++
    this.#loaded = true
    this.#error = null
    this.show(list)
  }

  /** Saves the query by name; answers the new view, or the error for the form to show. */
  async save(
    name: string,
    query: SavedQuery
  ): Promise<{ ok: true; view: SavedViewDto } | { ok: false; error: AppErrorData }> {
    const r = await tryCall('views:save', { name, query })
    if (!r.ok) return r
    this.take([...this.#list.filter((v) => v.id !== r.value.id), r.value])
    void this.refresh()
    return { ok: true, view: r.value }
  }

  /** Answers the error for the form to show, or null once renamed. */
  async rename(id: number, name: string): Promise<AppErrorData | null> {
    const r = await tryCall('views:rename', { id, name })
    if (!r.ok) return r.error
    this.take(r.value)
    return null
  }

  /** Moves a view `by` places (-1 up, +1 down), within the list. */
  move(id: number, by: number): Promise<void> {
    const from = this.#list.findIndex((v) => v.id === id)
    if (from < 0) return Promise.resolve()
    return this.moveTo(id, from + by)
  }

  /** Puts a view at `index` in the list (clamped). */
  async moveTo(id: number, index: number): Promise<void> {
    const ids = this.#list.map((v) => v.id).filter((x) => x !== id)
    const to = Math.max(0, Math.min(ids.length, index))
    ids.splice(to, 0, id)
    if (ids.every((x, i) => x === this.#list[i]?.id)) return
    // Shown at once; the answer confirms it (or a refusal puts back what is stored).
    const before = this.#list
    this.take(ids.flatMap((x) => before.filter((v) => v.id === x)))
    const r = await tryCall('views:reorder', { ids })
    if (r.ok) this.take(r.value)
    else {
      notices.error(r.error)
      await this.refresh()
    }
  }

  async remove(id: number): Promise<boolean> {
    const r = await tryCall('views:delete', { id })
    if (!r.ok) {
      notices.error(r.error)
      await this.refresh()
      return false
    }
    this.take(r.value)
    return true
  }
}

export const views = new ViewsState()
