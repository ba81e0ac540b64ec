import type {
  SetRecord,
  SubthemeRecord,
  ThemeRecord,
  YearRecord
} from '../../shared/protocol/records'
import {
  countSets,
  replaceSubthemes,
  replaceThemes,
  replaceYears,
  themeNames
} from '../store/catalogue-repo'
import { beginBulkLoad, endBulkLoad } from '../store/fts'
import { transaction } from '../store/handles'
import { upsertSets } from '../store/sets-repo'
import type { CatalogueSetInput } from '../store/sets-repo'
import { getSyncValue, setSyncValue } from '../store/sync-state-repo'
import { asList, callGetSets, checkCancelled } from './sync-pull-context'
import { setsOfPage, v3Unavailable } from './sync-pull-v3'
import type { PullContext } from './sync-pull-context'
import type { SyncPhase } from '../../shared/model/sync'

export const PAGE_SIZE = 500

export async function pullThemes(ctx: PullContext): Promise<ThemeRecord[]> {
  ctx.progress('themes', 0, 1)
  const themes = asList<ThemeRecord>(
    await ctx.client.call('v2', 'getThemes', {}, { signal: ctx.signal }),
    'getThemes'
  )
  if (themes.length === 0 && themeNames(ctx.store.read, ctx.profileId).length > 0) {
    await ctx.confirmBeforeRemoving()
  }
  replaceThemes(ctx.store.write, ctx.profileId, themes)
  ctx.progress('themes', 1, 1)
  ctx.changed('catalogue', [])
  return themes
}

/** Runs `fn` over `items` with at most `limit` calls in flight, results in input order. */
async function pooled<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>
): Promise<R[]> {
  const out: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

const THEME_CALLS_IN_FLIGHT = 4

/** Subthemes and years are asked per theme (the operations take a theme), a few calls at a time. */
export async function pullSubthemesAndYears(
  ctx: PullContext,
  themes: readonly ThemeRecord[]
): Promise<void> {
  const names = themes.map((t) => t.theme).filter((t): t is string => t !== null)
  const perTheme = async <T>(operation: 'getSubthemes' | 'getYears', phase: SyncPhase) => {
    let done = 0
    const lists = await pooled(names, THEME_CALLS_IN_FLIGHT, async (theme) => {
      checkCancelled(ctx.signal)
      const r = await ctx.client.call('v2', operation, { theme }, { signal: ctx.signal })
      ctx.progress(phase, ++done, names.length)
      return asList<T>(r, operation)
    })
    return lists.flat()
  }
  const subthemes = await perTheme<SubthemeRecord>('getSubthemes', 'subthemes')
  const years = await perTheme<YearRecord>('getYears', 'years')
  if (subthemes.length === 0 || years.length === 0) await ctx.confirmBeforeRemoving()
  replaceSubthemes(ctx.store.write, ctx.profileId, subthemes)
  replaceYears(ctx.store.write, ctx.profileId, years)
  ctx.changed('catalogue', [])
}

/**
 * Every set, page by page. Each page and the cursor to the next commit together, so a crash or quit
 * resumes at the first page not stored. The first load inserts without FTS triggers and rebuilds the
 * index once at the end.
 */
export async function pullAllSets(ctx: PullContext, expectedTotal: number): Promise<void> {
  const db = ctx.store.write
  let page = Number(getSyncValue(db, ctx.profileId, 'sets_next_page') ?? '1')
  // Changes made while the pages are read are picked up later from the watermark: the load's start.
  if (page === 1) setSyncValue(db, ctx.profileId, 'sets_started_at', ctx.now().toISOString())
  const startedAt = getSyncValue(db, ctx.profileId, 'sets_started_at') ?? ctx.now().toISOString()
  const bulk = page > 1 || countSets(db, ctx.profileId) === 0
  if (bulk) beginBulkLoad(db)
  let done = (page - 1) * PAGE_SIZE
  // The next page is requested while this one is stored: the service, the client's decode worker
  // and SQLite then work at the same time. Never beyond the expected last page, since every
  // getSets call counts against the daily allowance.
  const lastExpected = Math.max(1, Math.ceil(expectedTotal / PAGE_SIZE))
  // v3 getSets (JSON) when the service offers it: far cheaper to decode than the v2 XML page.
  let useV3 = true
  const v2Page = async (p: number): Promise<SetRecord[]> =>
    asList<SetRecord>(
      await callGetSets(ctx, 'v2', {
        orderBy: 'Number',
        pageSize: String(PAGE_SIZE),
        pageNumber: String(p)
      }),
      'getSets'
    )
  const fetchPage = async (p: number): Promise<readonly CatalogueSetInput[]> => {
    if (useV3) {
      try {
        const r = await callGetSets(ctx, 'v3', {
          params: JSON.stringify({ orderBy: 'Number', pageSize: PAGE_SIZE, pageNumber: p })
        })
        const answer = setsOfPage(r)
        if (answer) return answer.sets
      } catch (e) {
        if (!v3Unavailable(e)) throw e
      }
      useV3 = false
    }
    return v2Page(p)
  }
  const request = (p: number) => {
    const call = fetchPage(p)
    call.catch(() => undefined)
    return call
  }
  let pending: Promise<readonly CatalogueSetInput[]> | null = request(page)
  for (;;) {
    ctx.progress('sets', Math.min(done, expectedTotal), expectedTotal)
    const sets: readonly CatalogueSetInput[] = await (pending ?? request(page))
    const last: boolean = sets.length < PAGE_SIZE
    pending = !last && page + 1 <= lastExpected ? request(page + 1) : null
    const fetchedAt = ctx.now().toISOString()
    const changed = transaction(db, () => {
      const ids = upsertSets(db, ctx.profileId, sets, fetchedAt)
      setSyncValue(db, ctx.profileId, 'sets_next_page', last ? null : String(page + 1))
      if (last) {
        setSyncValue(db, ctx.profileId, 'catalogue_complete_at', fetchedAt)
        setSyncValue(db, ctx.profileId, 'recent_watermark', startedAt)
        setSyncValue(db, ctx.profileId, 'sets_started_at', null)
      }
      return ids
    })
    done += sets.length
    if (!bulk) ctx.changed('catalogue', changed)
    if (last) break
    page += 1
  }
  if (bulk) endBulkLoad(db)
  ctx.progress('sets', done, Math.max(done, expectedTotal))
  ctx.changed('catalogue', [])
}

/**
 * Sets changed since the watermark (getRecentlyUpdatedSets takes minutes), upserted with the
 * guarded upsert; the new watermark is this pull's start, so nothing falls between two pulls.
 */
export async function pullRecentSets(ctx: PullContext): Promise<number[]> {
  const db = ctx.store.write
  const watermark = getSyncValue(db, ctx.profileId, 'recent_watermark')
  if (watermark === null) return []
  const started = ctx.now()
  const minutesAgo = Math.max(
    1,
    Math.ceil((started.getTime() - Date.parse(watermark)) / 60_000) + 1
  )
  ctx.progress('recent', 0, 0)
  checkCancelled(ctx.signal)
  const result = await ctx.client.call(
    'v2',
    'getRecentlyUpdatedSets',
    { minutesAgo },
    { signal: ctx.signal }
  )
  const sets = asList<SetRecord>(result, 'getRecentlyUpdatedSets')
  const changed = transaction(db, () => {
    const ids = upsertSets(db, ctx.profileId, sets, started.toISOString())
    setSyncValue(db, ctx.profileId, 'recent_watermark', started.toISOString())
    return ids
  })
  ctx.progress('recent', sets.length, sets.length)
  if (changed.length > 0) ctx.changed('catalogue', changed)
  return changed
}
