import type {
  SetRecord,
  SubthemeRecord,
  ThemeRecord,
  YearRecord
} from '../../shared/protocol/records'
import { countSets, replaceSubthemes, replaceThemes, replaceYears } from '../store/catalogue-repo'
import { beginBulkLoad, endBulkLoad } from '../store/fts'
import { transaction } from '../store/handles'
import { upsertSets } from '../store/sets-repo'
import { getSyncValue, setSyncValue } from '../store/sync-state-repo'
import { asList, callGetSets, checkCancelled } from './sync-pull-context'
import type { PullContext } from './sync-pull-context'

export const PAGE_SIZE = 500

export async function pullThemes(ctx: PullContext): Promise<ThemeRecord[]> {
  ctx.progress('themes', 0, 1)
  const themes = asList<ThemeRecord>(
    await ctx.client.call('v2', 'getThemes', {}, { signal: ctx.signal }),
    'getThemes'
  )
  replaceThemes(ctx.store.write, ctx.profileId, themes)
  ctx.progress('themes', 1, 1)
  ctx.changed('catalogue', [])
  return themes
}

/** Subthemes and years are asked per theme (the operations take a theme). */
export async function pullSubthemesAndYears(
  ctx: PullContext,
  themes: readonly ThemeRecord[]
): Promise<void> {
  const names = themes.map((t) => t.theme).filter((t): t is string => t !== null)
  const subthemes: SubthemeRecord[] = []
  for (const [i, theme] of names.entries()) {
    checkCancelled(ctx.signal)
    const r = await ctx.client.call('v2', 'getSubthemes', { theme }, { signal: ctx.signal })
    subthemes.push(...asList<SubthemeRecord>(r, 'getSubthemes'))
    ctx.progress('subthemes', i + 1, names.length)
  }
  replaceSubthemes(ctx.store.write, ctx.profileId, subthemes)
  const years: YearRecord[] = []
  for (const [i, theme] of names.entries()) {
    checkCancelled(ctx.signal)
    const r = await ctx.client.call('v2', 'getYears', { theme }, { signal: ctx.signal })
    years.push(...asList<YearRecord>(r, 'getYears'))
    ctx.progress('years', i + 1, names.length)
  }
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
  for (;;) {
    ctx.progress('sets', Math.min(done, expectedTotal), expectedTotal)
    const result = await callGetSets(ctx, 'v2', {
      orderBy: 'Number',
      pageSize: String(PAGE_SIZE),
      pageNumber: String(page)
    })
    const sets = asList<SetRecord>(result, 'getSets')
    const fetchedAt = ctx.now().toISOString()
    const last = sets.length < PAGE_SIZE
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
