import type { Handlers } from '../../shared/ipc/contract'
import { RETAIL_CURRENCY } from '../../shared/model/report'
import { WATCH_LIMIT } from '../../shared/model/watch'
import type { LeavingDto, LeavingSetDto } from '../../shared/model/watch'
import type { Store } from '../store/connection'
import { transaction } from '../store/handles'
import { addDays, daysBetween, localDay } from '../../shared/model/watch-days'
import { leavingIn, noticedOf, recordNotices } from './watch-repo'

type WatchChannels = 'watch:leaving'

export type WatchHandlers = {
  [K in WatchChannels]: (input: Parameters<Handlers[K]>[0]) => Awaited<ReturnType<Handlers[K]>>
}

interface WatchDeps {
  readonly store: Store
  readonly profileId: () => number
  readonly now: () => Date
}

type Input = Parameters<Handlers['watch:leaving']>[0]

/**
 * Each chosen region read on its own (bounded, indexed), then one row per set: the region whose
 * shop lets it go first. A set dated in several regions is listed once.
 */
function leaving(deps: WatchDeps, input: Input): LeavingDto {
  const pid = deps.profileId()
  const today = localDay(deps.now())
  const to = addDays(today, input.days)
  const bySet = new Map<number, LeavingSetDto>()
  let truncated = false
  for (const region of new Set(input.regions)) {
    const rows = leavingIn(deps.store.read, pid, region, today, to, WATCH_LIMIT + 1)
    if (rows.length > WATCH_LIMIT) truncated = true
    for (const r of rows.slice(0, WATCH_LIMIT)) {
      const had = bySet.get(r.setID)
      if (had && had.exitDate <= r.exitDate) continue
      bySet.set(r.setID, {
        ...r,
        region,
        daysLeft: daysBetween(today, r.exitDate),
        currency: RETAIL_CURRENCY[region]
      })
    }
  }
  const sets = [...bySet.values()].sort(
    (a, b) => a.exitDate.localeCompare(b.exitDate) || a.number.localeCompare(b.number)
  )
  if (sets.length > WATCH_LIMIT) truncated = true
  const listed = sets.slice(0, WATCH_LIMIT)
  let fresh: LeavingSetDto[] = []
  if (input.notice && listed.length > 0) {
    const db = deps.store.write
    fresh = transaction(db, () => {
      const told = noticedOf(
        db,
        pid,
        listed.map((s) => s.setID)
      )
      const news = listed.filter((s) => !told.has(s.setID))
      recordNotices(db, pid, news, deps.now().toISOString())
      return news
    })
  }
  return { today, days: input.days, sets: listed, fresh, truncated }
}

/** The retirement watch's channel: wanted sets leaving the chosen shops soon. */
export function createWatchHandlers(deps: WatchDeps): WatchHandlers {
  return { 'watch:leaving': (input) => leaving(deps, input) }
}
