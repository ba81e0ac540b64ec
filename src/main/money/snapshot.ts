import type { SnapshotReason } from '../../shared/model/money'
import { MONEY_DAYS_MAX } from '../../shared/model/money'
import { addDays, localDay } from '../../shared/model/watch-days'
import type { Store } from '../store/connection'
import { nextTurn } from '../store/slices'
import { commitDurably } from '../store/commit-off-thread'
import { nextOwnedBound, undetailedOwnedCopies } from '../collection/index'
import { dropDay, finishDay, pruneRows, sliceSums, upsertRows } from './money-repo'
import type { MoneySums, SnapshotRowWrite } from './money-repo'

/**
 * Owned sets summed per slice. At 50 sets a slice reads a hundred-odd copies by their keys: a
 * few milliseconds on the 20,000-set demo with 2,000 copies, under load (bench/money.ts).
 */
const SLICE_SETS = 50

/**
 * The themes' rows kept, about: the snapshots travel in backups and the full export as local
 * tables (store/local-tables/money-snapshots.ts), whose import takes at most 100,000 rows. The
 * currencies' totals (one row a day each, ten years at most) stay whole; each theme's share is
 * kept for as many recent days as this budget allows at today's number of theme rows: 500 days
 * for 100 theme rows a day, 68 days for 734 (bench/money.ts's 140 themes in 7 currencies).
 */
const THEME_ROWS = 50_000

/** Rows one write step takes: a few milliseconds of the main thread under load. */
const WRITE_ROWS = 100
const THEME_DAYS_MIN = 30

interface SnapshotDeps {
  readonly store: Store
  readonly now: () => Date
  /** Set between slices to stop (the app closing); a stopped snapshot writes nothing. */
  readonly stopped?: () => boolean
}

const key = (r: { currency: string; theme: string }): string => `${r.currency}\u0000${r.theme}`

function add(into: Map<string, MoneySums>, r: MoneySums, theme = r.theme): void {
  const k = key({ currency: r.currency, theme })
  const had = into.get(k)
  if (!had) {
    into.set(k, { ...r, theme })
    return
  }
  had.copies += r.copies
  had.sets += r.sets
  had.paid_cents += r.paid_cents
  had.retail_cents =
    had.retail_cents === null && r.retail_cents === null
      ? null
      : (had.retail_cents ?? 0) + (r.retail_cents ?? 0)
  had.retail_copies += r.retail_copies
  had.value_cents += r.value_cents
  had.value_fallback += r.value_fallback
}

/**
 * Takes the profile's snapshot of today: the owned copies summed in SQL a slice of sets at a time,
 * with the event loop given back between slices, then written in short steps that replace any
 * earlier snapshot of the day (the day counts as taken only once the last step is committed). Slices are disjoint by set, and a set has one theme,
 * so sets counted per slice add up. Edits made between slices may land in one slice and not
 * another: the snapshot is of a moment within the few milliseconds it takes, which a daily
 * figure can bear; the next snapshot of the day replaces it.
 * @returns the day written, or null when stopped before it wrote.
 */
export async function takeSnapshot(
  deps: SnapshotDeps,
  profileId: number,
  reason: SnapshotReason
): Promise<string | null> {
  const db = deps.store.read
  const themes = new Map<string, MoneySums>()
  let undetailed = 0
  let lo = 0
  for (;;) {
    if (deps.stopped?.()) return null
    const hi = nextOwnedBound(db, profileId, lo, SLICE_SETS)
    if (hi === null) break
    for (const r of sliceSums(db, profileId, lo, hi)) add(themes, r)
    undetailed += undetailedOwnedCopies(db, profileId, lo, hi)
    lo = hi
    await nextTurn()
  }
  if (deps.stopped?.()) return null
  const totals = new Map<string, MoneySums>()
  for (const r of themes.values()) add(totals, r, '')
  const at = deps.now()
  const day = localDay(at)
  const themeDays = Math.max(THEME_DAYS_MIN, Math.floor(THEME_ROWS / Math.max(1, themes.size)))
  const rows: SnapshotRowWrite[] = [
    ...[...totals.values()].map((r) => ({ ...r, level: 'total' as const })),
    ...[...themes.values()].map((r) => ({ ...r, level: 'theme' as const }))
  ]
  const w = deps.store.write
  // Written in steps (money-repo.ts, dropDay): the day has no snapshot until the last one.
  await commitDurably(w, () => {
    dropDay(w, profileId, day)
  })
  for (let i = 0; i < rows.length; i += WRITE_ROWS) {
    await nextTurn()
    if (deps.stopped?.()) return null
    await commitDurably(w, () => {
      upsertRows(w, profileId, day, rows.slice(i, i + WRITE_ROWS))
    })
  }
  await nextTurn()
  await commitDurably(w, () => {
    finishDay(w, {
      profileId,
      day,
      takenAt: at.toISOString(),
      reason,
      undetailed,
      keys: rows.map((r) => [r.level, r.theme, r.currency] as const)
    })
  })
  // What is past its keeping goes afterwards, a few hundred rows a turn.
  const keepFrom = addDays(day, 1 - MONEY_DAYS_MAX)
  const themesFrom = addDays(day, 1 - Math.min(MONEY_DAYS_MAX, themeDays))
  for (;;) {
    await nextTurn()
    const gone = await commitDurably(w, () =>
      pruneRows(w, profileId, keepFrom, themesFrom, WRITE_ROWS)
    )
    if (gone === 0) break
  }
  return day
}
