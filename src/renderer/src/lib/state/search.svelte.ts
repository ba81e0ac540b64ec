import type { SearchQuery } from '../../../../shared/ipc/channels/catalog'
import type { SavedQuery } from '../../../../shared/ipc/channels/views'
import type { SearchFacets, SetSummaryDto } from '../../../../shared/model/catalog'
import type { SetCollectionDto } from '../../../../shared/model/collection'
import type { AppErrorData } from '../../../../shared/errors'
import { tryCall } from '../api'
import { listBusy } from '../thumbs'
import { OwnFields } from './own-fields.svelte'

const PAGE_SIZE = 100
/**
 * Facet counts cost the back end far more than a page of rows (tens of ms over 20k sets), and the
 * store answers one call at a time: counts wait for a pause in typing so keystrokes stay instant.
 */
export const FACET_DELAY_MS = 200
/** Rows fetched beyond the drawn ones, so a scroll finds its next page already there. */
const READ_AHEAD = PAGE_SIZE * 1.5

export type { Scope, SortKey } from './search-filters'
import {
  filtersOf,
  sameScope,
  type FilterPatch,
  type Filters,
  type Scope,
  type SortKey
} from './search-filters'

interface SearchFields {
  text: string
  filters: Readonly<Filters>
  sort: SortKey
  desc: boolean
  scope: Scope
  total: number
  /** The text of the query whose rows are on screen (the box may already hold a newer one). */
  shownText: string
  facets: SearchFacets | null
  /** The catalogue's spelling of a text that matched nothing as typed (issue #28), or null. */
  didYouMean: string | null
  /** Loaded pages by page number; replaced (never mutated) so the list redraws. */
  pages: Readonly<Record<number, readonly SetSummaryDto[]>>
  loading: boolean
  error: AppErrorData | null
  /** Completed queries, for the keystroke benchmark and tests that wait on rendering. */
  generation: number
  /** The saved view the query was loaded from (it may have been changed since), or null. */
  viewId: number | null
  layout: 'list' | 'grid'
  /** Index of the row the keyboard is on; kept across detail visits. */
  active: number
}

const fresh = (): SearchFields => ({
  text: '',
  filters: { flags: [] },
  sort: 'number',
  desc: false,
  scope: { kind: 'all' },
  total: 0,
  shownText: '',
  facets: null,
  didYouMean: null,
  pages: {},
  loading: false,
  error: null,
  generation: 0,
  viewId: null,
  layout: 'list',
  active: 0
})

/**
 * The query the list shows: text, facets, sort and scope. Rows arrive page by page. The query and
 * its answer are read-only outside: they change through the methods, which also start the search
 * that goes with the change. What the list view keeps here (layout, keyboard row, scroll) it
 * changes through its own setters, so a reader sees every write in this file.
 */
export class SearchState extends OwnFields(fresh) {
  /** Where the list was scrolled to, for the way back from a set (not reactive: read on mount). */
  #scrollTop = 0

  setLayout(layout: 'list' | 'grid'): void {
    this.write({ layout })
  }
  /** Puts the keyboard on a row (the list clamps the index to its rows). */
  setActive(index: number): void {
    this.write({ active: index })
  }
  get scrollTop(): number {
    return this.#scrollTop
  }
  keepScroll(top: number): void {
    this.#scrollTop = top
  }

  private gen = 0
  private lastFrom = 0
  private inflight: Record<number, boolean> = {}
  private facetTimer: ReturnType<typeof setTimeout> | undefined
  /** Asks again for a total main counted before the catalogue's last change (recountInMs). */
  private recountTimer: ReturnType<typeof setTimeout> | undefined
  /** Edits answered while a query was in flight, re-applied to its (older) rows. */
  private edited: { seq: number; setID: number; collection: SetCollectionDto }[] = []
  private editSeq = 0

  query(offset: number, limit: number, facets: boolean): SearchQuery {
    // filters holds only the filters that are set (filtersOf), so they spread as they are.
    const { owned, wanted, flags: chosen, ...rest } = this.filters
    const flags = [...chosen]
    if (this.scope.kind === 'flag' && !flags.includes(this.scope.flag)) flags.push(this.scope.flag)
    return {
      text: this.text.trim(),
      ...rest,
      ...(this.scope.kind === 'owned' ? { owned: true } : owned === undefined ? {} : { owned }),
      ...(this.scope.kind === 'wanted' ? { wanted: true } : wanted === undefined ? {} : { wanted }),
      ...(flags.length > 0 ? { flags } : {}),
      sort: this.sort,
      desc: this.desc,
      offset,
      limit,
      facets
    }
  }

  /** The query as a saved view keeps it: text, filters, the list it starts from, the sort. */
  saved(): SavedQuery {
    const { flags, ...rest } = this.filters
    return {
      text: this.text.trim(),
      ...rest,
      ...(flags.length > 0 ? { flags: [...flags] } : {}),
      scope: this.scope,
      sort: this.sort,
      desc: this.desc
    }
  }

  /** The next `load` shows the saved query again, whatever was changed since (a click on the view). */
  forgetView(): void {
    this.write({ viewId: null })
  }

  /**
   * Shows a saved view's query. Loading the view already shown keeps the query as the user left
   * it (back from a set, the list is where it was).
   */
  load(viewId: number, q: SavedQuery): void {
    if (this.viewId === viewId) return
    this.write({
      viewId,
      text: q.text,
      scope: q.scope,
      filters: filtersOf({ ...q, flags: q.flags ?? [] }),
      sort: q.sort,
      desc: q.desc,
      active: 0
    })
    this.#scrollTop = 0
    void this.refresh()
  }

  setScope(scope: Scope): void {
    // Leaving a saved view for a list starts that list afresh, even one of the same scope.
    if (this.viewId === null && sameScope(scope, this.scope)) return
    this.write({ viewId: null, scope, filters: { flags: [] }, active: 0 })
    this.#scrollTop = 0
    void this.refresh()
  }

  setText(text: string): void {
    this.write({ text, active: 0 })
    void this.refresh()
  }

  setFilters(patch: FilterPatch): void {
    // A subtheme belongs to its theme: changing the theme clears it.
    const themeChanged = 'theme' in patch && patch.theme !== this.filters.theme
    const filters = filtersOf({
      ...this.filters,
      ...patch,
      ...(themeChanged ? { subtheme: undefined } : {})
    })
    this.write({ filters, active: 0 })
    void this.refresh()
  }

  clearFilters(): void {
    this.write({ filters: { flags: [] }, active: 0 })
    void this.refresh()
  }

  setSort(sort: SortKey, desc: boolean): void {
    this.write({ sort, desc })
    void this.refresh()
  }

  /**
   * New query: page 0 now, facet counts after a pause; stale answers are dropped. `withFacets`
   * (a reload, not a keystroke) reads the counts in the same call.
   */
  async refresh(withFacets = false): Promise<void> {
    const gen = ++this.gen
    this.inflight = {}
    clearTimeout(this.facetTimer)
    clearTimeout(this.recountTimer)
    this.write({ loading: true })
    listBusy()
    const query = this.query(0, PAGE_SIZE, withFacets)
    const seq = this.editSeq
    const result = await tryCall('catalog:search', query)
    if (gen !== this.gen) return
    this.write({ loading: false })
    // The answered rows come first: their pictures wait until typing pauses.
    listBusy()
    if (!result.ok) {
      this.write({ error: result.error })
      return
    }
    this.write({ error: null, total: result.value.total })
    const { recountInMs } = result.value
    if (recountInMs !== undefined)
      this.recountTimer = setTimeout(() => void this.reload(), recountInMs)
    this.write({
      shownText: query.text ?? '',
      didYouMean: result.value.didYouMean ?? null,
      pages: { 0: this.withEdits(result.value.rows, seq) }
    })
    if (this.active >= this.total) this.write({ active: Math.max(0, this.total - 1) })
    this.write({ generation: this.generation + 1 })
    clearTimeout(this.facetTimer)
    if (withFacets) this.write({ facets: result.value.facets })
    else this.facetTimer = setTimeout(() => void this.loadFacets(gen), FACET_DELAY_MS)
  }

  private async loadFacets(gen: number): Promise<void> {
    const result = await tryCall('catalog:search', this.query(0, 1, true))
    if (gen === this.gen && result.ok) this.write({ facets: result.value.facets })
  }

  /** Reload what is on screen after data changed underneath (sync, undo, import). */
  async reload(): Promise<void> {
    const keep = Object.keys(this.pages).map(Number)
    // Counts shown are as stale as the rows: one call brings both.
    await this.refresh(this.facets !== null)
    for (const page of keep) if (page !== 0) void this.loadPage(page)
  }

  /**
   * Whether the list's rows or order follow the collection (owned, wanted, flags, quantity): an
   * edit may then add or remove rows, and the list must be read again, not patched.
   */
  followsCollection(): boolean {
    const f = this.filters
    return (
      this.scope.kind !== 'all' ||
      f.owned !== undefined ||
      f.wanted !== undefined ||
      f.flags.length > 0 ||
      this.sort === 'qtyOwned'
    )
  }

  /** The owned, wanted and flag counts after an edit (rows and total stay): one call, if shown. */
  async recount(): Promise<void> {
    if (this.facets === null) return
    const gen = this.gen
    const result = await tryCall('catalog:search', this.query(0, 1, true))
    if (gen === this.gen && result.ok) this.write({ facets: result.value.facets })
  }

  rowAt(index: number): SetSummaryDto | undefined {
    return this.pages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE]
  }

  /**
   * Called by the virtual list for the rows it is about to draw. While the list scrolls, the
   * pages a little further in the same direction are read too, so the scroll finds them there;
   * a new query reads only what it shows, so its answer is not followed by more requests.
   */
  ensure(from: number, to: number): void {
    const ahead = from > this.lastFrom ? READ_AHEAD : 0
    const behind = from < this.lastFrom ? READ_AHEAD : 0
    this.lastFrom = from
    const last = Math.min(to + ahead, this.total - 1)
    for (let p = Math.floor(Math.max(0, from - behind) / PAGE_SIZE); p * PAGE_SIZE <= last; p++) {
      if (!(p in this.pages)) void this.loadPage(p)
    }
  }

  private async loadPage(page: number): Promise<void> {
    if (this.inflight[page]) return
    this.inflight[page] = true
    const gen = this.gen
    const seq = this.editSeq
    const result = await tryCall('catalog:search', this.query(page * PAGE_SIZE, PAGE_SIZE, false))
    this.inflight[page] = false
    if (gen !== this.gen || !result.ok) return
    this.write({ pages: { ...this.pages, [page]: this.withEdits(result.value.rows, seq) } })
  }

  /** An edit's answer replaces the set's collection state wherever the list holds it. */
  private withEdits(rows: readonly SetSummaryDto[], since: number): readonly SetSummaryDto[] {
    const newer = this.edited.filter((e) => e.seq > since)
    if (newer.length === 0) return rows
    return rows.map((r) => {
      const e = newer.findLast((x) => x.setID === r.setID)
      return e ? { ...r, collection: e.collection } : r
    })
  }

  patchSet(setID: number, collection: SetCollectionDto): void {
    this.patchSets([{ setID, collection }])
  }

  /** Sets' new states (an edit's answer, or main's word of a change) replace the rows' own. */
  patchSets(states: readonly { setID: number; collection: SetCollectionDto }[]): void {
    const seq = ++this.editSeq
    this.edited = [...this.edited, ...states.map((e) => ({ seq, ...e }))].slice(-200)
    // A plain lookup, read once here: nothing reactive about it.
    const byId: Partial<Record<number, SetCollectionDto>> = {}
    for (const e of states) byId[e.setID] = e.collection
    let changed = false
    const pages: Record<number, readonly SetSummaryDto[]> = {}
    for (const [key, rows] of Object.entries(this.pages)) {
      const patched = rows.map((row) => {
        const collection = byId[row.setID]
        return collection === undefined ? row : { ...row, collection }
      })
      const hit = patched.some((row, i) => row !== rows[i])
      pages[Number(key)] = hit ? patched : rows
      changed ||= hit
    }
    if (changed) this.write({ pages })
  }
}

export const search = new SearchState()
