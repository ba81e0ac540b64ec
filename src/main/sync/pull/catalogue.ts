import type { ThemeRecord } from '../../../shared/protocol/records'
import {
  replaceSubthemes,
  replaceThemes,
  replaceYears,
  themeNames,
  upsertSets
} from '../../catalogue/index'
import { transaction } from '../../store/handles'
import { getSyncValue, setSyncValue } from '../../store/sync-state-repo'
import type { CallOptions } from '../../service/index'
import { checkCancelled } from './context'
import type { PullContext } from './context'
import type { SyncPhase } from '../../../shared/model/sync'
import { rejectionsOf } from '../../../shared/protocol/record-tolerance'

export { PAGE_SIZE } from './paging'
export { catalogueIncomplete, pullAllSets } from './sets'

export async function pullThemes(ctx: PullContext): Promise<ThemeRecord[]> {
  ctx.progress('themes', 0, 1)
  const themes = await ctx.client.v2.getThemes({}, { signal: ctx.signal })
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
  const perTheme = async <T>(
    phase: SyncPhase,
    ask: (theme: string, options: CallOptions) => Promise<T[]>
  ): Promise<T[]> => {
    let done = 0
    const lists = await pooled(names, THEME_CALLS_IN_FLIGHT, async (theme) => {
      checkCancelled(ctx.signal)
      const list = await ask(theme, { signal: ctx.signal })
      ctx.progress(phase, ++done, names.length)
      return list
    })
    return lists.flat()
  }
  const subthemes = await perTheme('subthemes', (theme, o) =>
    ctx.client.v2.getSubthemes({ theme }, o)
  )
  const years = await perTheme('years', (theme, o) => ctx.client.v2.getYears({ theme }, o))
  if (subthemes.length === 0 || years.length === 0) await ctx.confirmBeforeRemoving()
  replaceSubthemes(ctx.store.write, ctx.profileId, subthemes)
  replaceYears(ctx.store.write, ctx.profileId, years)
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
  const sets = await ctx.client.v2.getRecentlyUpdatedSets({ minutesAgo }, { signal: ctx.signal })
  const unread = rejectionsOf(sets)
  if (unread.length > 0) ctx.unreadable?.('sets', 'getRecentlyUpdatedSets', unread)
  const changed = transaction(db, () => {
    const ids = upsertSets(db, ctx.profileId, sets, started.toISOString())
    setSyncValue(db, ctx.profileId, 'recent_watermark', started.toISOString())
    return ids
  })
  ctx.progress('recent', sets.length, sets.length)
  if (changed.length > 0) ctx.changed('catalogue', changed)
  return changed
}
