import { SvelteSet } from 'svelte/reactivity'
import type { SearchQuery } from '../../../../shared/ipc/channels/catalog'
import { tryCall } from '../api'
import { notices } from './notices.svelte'
import { search } from './search.svelte'

/** What the selection is made over: the list's query, its length and its loaded rows. */
interface RowSource {
  readonly total: number
  rowAt(index: number): { readonly setID: number } | undefined
  query(offset: number, limit: number, facets: boolean): SearchQuery
}

/** The most rows one search call returns (the contract's limit). */
const READ = 500

/** The query without its page: a selection belongs to one query, whatever page is drawn. */
function keyOf(q: SearchQuery): string {
  const { offset: _offset, limit: _limit, facets: _facets, ...rest } = q
  return JSON.stringify(rest)
}

/**
 * The rows picked for a bulk edit, by set ID, in the list's query. Ctrl+A selects the whole
 * result, rows not loaded yet included: the selection then holds the sets taken out of it, and
 * `resolve` reads the IDs when an edit needs them. A new query (text, filters, scope, sort)
 * leaves the selection behind: it reads as empty and the next pick starts afresh.
 */
export class SelectionState {
  /** Explicit mode: the selected sets. "All" mode: the sets taken out of the whole result. */
  readonly #ids = new SvelteSet<number>()
  #all = $state(false)
  /** The query the selection was made in. */
  #key = $state('')
  /** Where a Shift-range starts: the last row picked without Shift. */
  #anchor = $state<number | null>(null)
  readonly #source: RowSource
  readonly #current = $derived(keyOf(this.source().query(0, 1, false)))

  constructor(source: RowSource) {
    this.#source = source
  }

  private source(): RowSource {
    return this.#source
  }

  private get live(): boolean {
    return this.#key === this.#current
  }

  /** How many sets are selected. */
  get count(): number {
    if (!this.live) return 0
    return this.#all ? Math.max(0, this.#source.total - this.#ids.size) : this.#ids.size
  }

  /** True after Ctrl+A (until a pick without Ctrl replaces it). */
  get all(): boolean {
    return this.live && this.#all
  }

  get anchor(): number | null {
    return this.live ? this.#anchor : null
  }

  has(setID: number): boolean {
    if (!this.live) return false
    return this.#all ? !this.#ids.has(setID) : this.#ids.has(setID)
  }

  /** A plain click or arrow key: this row alone. */
  only(index: number): void {
    const row = this.#source.rowAt(index)
    this.replace(row ? [row.setID] : [], false, index)
  }

  /** Ctrl/Cmd-click or Space: this row in or out, the rest as they are. */
  toggle(index: number): void {
    const row = this.#source.rowAt(index)
    if (!row) return
    this.freshen()
    if (!this.#ids.delete(row.setID)) this.#ids.add(row.setID)
    this.#anchor = index
  }

  /**
   * Shift-click or Shift+arrow: the rows from the anchor to `index`. With `add` (Ctrl+Shift) they
   * join the selection; without, they replace it. Rows not loaded yet are read first.
   */
  async extendTo(index: number, add = false, from?: number): Promise<void> {
    this.freshen()
    const anchor = this.#anchor ?? from ?? index
    this.#anchor = anchor
    const key = this.#key
    const lo = Math.min(anchor, index)
    const hi = Math.max(anchor, index)
    const ids = await this.idsIn(lo, hi, key)
    if (ids === null) return
    if (add && this.#all) for (const id of ids) this.#ids.delete(id)
    else if (add) for (const id of ids) this.#ids.add(id)
    else this.replace(ids, false, anchor)
  }

  /** Ctrl+A: every row of the current result, loaded or not. */
  selectAll(): void {
    this.replace([], true, this.anchor)
  }

  clear(): void {
    this.replace([], false, null)
  }

  /**
   * The selected sets' IDs (list order for Ctrl+A, picking order otherwise), reading the pages
   * the list has not loaded. Null when the query changed meanwhile or a read failed (said).
   */
  async resolve(): Promise<number[] | null> {
    if (!this.live) return []
    if (!this.#all) return [...this.#ids]
    const ids = await this.idsIn(0, this.#source.total - 1, this.#key)
    // Sets taken out while the pages were read stay out.
    return ids === null ? null : ids.filter((id) => !this.#ids.has(id))
  }

  private replace(ids: readonly number[], all: boolean, anchor: number | null): void {
    this.#ids.clear()
    for (const id of ids) this.#ids.add(id)
    this.#all = all
    this.#anchor = anchor
    this.#key = this.#current
  }

  /** A selection left from an older query is dropped before it is added to. */
  private freshen(): void {
    if (!this.live) this.replace([], false, null)
  }

  private async idsIn(from: number, to: number, key: string): Promise<number[] | null> {
    const out: number[] = []
    let i = from
    while (i <= to) {
      const row = this.#source.rowAt(i)
      if (row) {
        out.push(row.setID)
        i++
        continue
      }
      const q = this.#source.query(i, Math.min(READ, to - i + 1), false)
      const result = await tryCall('catalog:search', q)
      if (this.#current !== key) return null
      if (!result.ok) {
        notices.error(result.error)
        return null
      }
      if (result.value.rows.length === 0) break
      for (const r of result.value.rows) out.push(r.setID)
      i += result.value.rows.length
    }
    return out
  }
}

export const selection = new SelectionState(search)
