import { z } from 'zod'
import { parseJson } from '../../../shared/parse-json'
import type { CatalogueProgress } from '../../../shared/model/sync'
import { countSets } from '../../catalogue/index'
import type { CatalogueSetInput } from '../../catalogue/index'
import { ftsIsStale } from '../../store/fts'
import type { ReadDb } from '../../store/handles'
import { getSyncValue, setSyncValue } from '../../store/sync-state-repo'
import { afterPage, PAGE_SIZE } from './paging'
import type { PageCursor } from './paging'
import { v2GetSets, v3GetSets } from './context'
import type { PullContext } from './context'
import { setsOfPageAway, V3_SETS_AWAY, v3Unavailable } from './v3-sets'
import { dropAwayList, isAwayList } from '../../service/away-list'
import type { AwayList } from '../../service/away-list'
import { rejectionsOf } from '../../../shared/protocol/record-tolerance'
import type { RecordRejection } from '../../../shared/protocol/record-tolerance'
import type { SyncWrite } from './set-page-write'

interface Page {
  /**
   * The records, or (decoded in the worker) the port they go to the writer on: a page's records
   * never enter the main thread's heap (service/away-list.ts).
   */
  readonly sets: readonly CatalogueSetInput[] | AwayList
  /** v3's `matches`; v2 pages carry no total. */
  readonly total: number | null
  /** Records of the page left out, unreadable: counted, and part of the page's length. */
  readonly rejected: readonly RecordRejection[]
}

const catalogueProgress = z.object({ got: z.number(), expected: z.number() })

/** How far the last catalogue pull got when the service stopped before its total; else null. */
export function catalogueIncomplete(db: ReadDb, profileId: number): CatalogueProgress | null {
  const raw = getSyncValue(db, profileId, 'catalogue_incomplete')
  if (raw === null) return null
  const r = parseJson(catalogueProgress, raw)
  return r.ok ? r.value : null
}

function savedCursor(ctx: PullContext): PageCursor {
  const db = ctx.store.write
  const page = Number(getSyncValue(db, ctx.profileId, 'sets_next_page') ?? '1')
  // Cursors saved before the honoured size was kept counted pages of PAGE_SIZE.
  const size = Number(getSyncValue(db, ctx.profileId, 'sets_page_size') ?? String(PAGE_SIZE))
  return { page: page >= 1 ? page : 1, size: size >= 1 ? size : PAGE_SIZE }
}

/**
 * A first load stored its last page, but the end of the load (filling the search index) did not
 * finish: nothing is left to fetch.
 */
function onlyTheEndLeft(ctx: PullContext): boolean {
  const db = ctx.store.write
  return (
    getSyncValue(db, ctx.profileId, 'catalogue_complete_at') === null &&
    getSyncValue(db, ctx.profileId, 'sets_next_page') === null &&
    getSyncValue(db, ctx.profileId, 'catalogue_incomplete') === null &&
    // Set by the transaction of the last page.
    getSyncValue(db, ctx.profileId, 'recent_watermark') !== null &&
    countSets(db, ctx.profileId) > 0
  )
}

/**
 * Every set, page by page, until the query's total has arrived (v3 `matches`; v2 the themes' set
 * counts) whatever page size the service honours. Each page and the cursor to the next commit
 * together, so a crash or quit resumes at the first page not stored. An empty page before the
 * total ends the pull incomplete (recorded, never marked complete; the next sync asks again from
 * there). The first load inserts without FTS triggers and fills the index at the end, in slices
 * (store/fts.ts); it is complete once that is done.
 */
export async function pullAllSets(ctx: PullContext, expectedTotal: number): Promise<void> {
  const { writer, signal } = ctx
  const db = ctx.store.write
  // A load cut off before its index was filled (the disk was full): fill it before anything else,
  // so search finds what browsing lists from the first turn of this sync on.
  if (ftsIsStale(db)) await writer.finishBulkLoad()
  if (onlyTheEndLeft(ctx)) {
    setSyncValue(db, ctx.profileId, 'catalogue_complete_at', ctx.now().toISOString())
    ctx.changed('catalogue', [])
    return
  }
  let cursor = savedCursor(ctx)
  // Changes made while the pages are read are picked up later from the watermark: the load's start.
  if (cursor.page === 1) setSyncValue(db, ctx.profileId, 'sets_started_at', ctx.now().toISOString())
  const startedAt = getSyncValue(db, ctx.profileId, 'sets_started_at') ?? ctx.now().toISOString()
  // Only a first load goes without triggers: one over cached sets keeps them, so the index is
  // never emptied under a search and a load cut off has nothing to fill.
  const bulk = countSets(db, ctx.profileId) === 0
  if (bulk) await writer.beginBulkLoad(signal)
  let total = expectedTotal
  let got = (cursor.page - 1) * cursor.size
  let complete: boolean
  // v3 getSets (JSON) when the service offers it: far cheaper to decode than the v2 XML page.
  let useV3 = true
  const fetchPage = async (c: PageCursor): Promise<Page> => {
    if (useV3) {
      try {
        const r = await v3GetSets(
          ctx,
          { params: JSON.stringify({ orderBy: 'Number', pageSize: c.size, pageNumber: c.page }) },
          { listAway: V3_SETS_AWAY }
        )
        const answer = setsOfPageAway(r)
        if (answer) return { sets: answer.sets, total: answer.matches, rejected: answer.rejected }
      } catch (e) {
        if (!v3Unavailable(e)) throw e
      }
      useV3 = false
    }
    const sets: unknown = await v2GetSets(
      ctx,
      { orderBy: 'Number', pageSize: String(c.size), pageNumber: String(c.page) },
      { listAway: {} }
    )
    if (isAwayList(sets)) return { sets, total: null, rejected: sets.rejected }
    const list = sets as readonly CatalogueSetInput[]
    return { sets: list, total: null, rejected: rejectionsOf(list) }
  }
  const request = (c: PageCursor) => {
    const call = fetchPage(c)
    call.catch(() => undefined)
    return call
  }
  // The next page is requested while this one is stored: the service, the client's decode worker
  // and SQLite then work at the same time.
  let pending = request(cursor)
  try {
    for (;;) {
      ctx.progress('sets', Math.min(got, total), total)
      const page = await pending
      total = page.total ?? total
      // A record left out still took its place on the page: the page's length counts it.
      if (page.rejected.length > 0) ctx.unreadable?.('sets', 'getSets', page.rejected)
      const step = afterPage(cursor, page.sets.length + page.rejected.length, total)
      if (step.kind === 'next') pending = request(step.cursor)
      const fetchedAt = ctx.now().toISOString()
      // The page in slices (set-page-write.ts), off the main thread when it can be
      // (set-writer.ts); the cursor moves with the last slice.
      const next = step.kind === 'next' ? step.cursor : step.kind === 'incomplete' ? cursor : null
      const state: SyncWrite[] = [
        ['sets_next_page', next && String(next.page)],
        ['sets_page_size', next && String(next.size)]
      ]
      if (step.kind === 'incomplete') {
        const progress: CatalogueProgress = { got: step.got, expected: total }
        state.push(['catalogue_incomplete', JSON.stringify(progress)])
      }
      if (step.kind === 'done') {
        state.push(['catalogue_incomplete', null])
        // A first load is complete once its index is filled (below): until then, the next
        // sync is a whole one, which fills it (onlyTheEndLeft).
        if (!bulk) state.push(['catalogue_complete_at', fetchedAt])
        state.push(['recent_watermark', startedAt], ['sets_started_at', null])
      }
      const ids = await writer.writePage(
        {
          profileId: ctx.profileId,
          sets: page.sets,
          fetchedAt,
          state
        },
        signal
      )
      const changed = ids
      got = step.got
      complete = step.kind === 'done'
      if (!bulk) ctx.changed('catalogue', changed)
      if (step.kind !== 'next') break
      cursor = step.cursor
    }
  } catch (e) {
    // The page asked for next is not written: its records, queued for the writer, are dropped.
    pending.then(
      (p) => {
        dropAwayList(p.sets)
      },
      () => undefined
    )
    // A load cut off (offline, a full disk) still leaves what it stored findable by its words.
    if (bulk) {
      try {
        await writer.finishBulkLoad()
      } catch {
        // The error that stopped the load is the one to report; the next sync (or open) fills
        // the index before it stores anything.
      }
    }
    throw e
  }
  if (bulk) {
    await writer.finishBulkLoad()
    if (complete) setSyncValue(db, ctx.profileId, 'catalogue_complete_at', ctx.now().toISOString())
  }
  ctx.progress('sets', got, Math.max(got, total))
  ctx.changed('catalogue', [])
}
