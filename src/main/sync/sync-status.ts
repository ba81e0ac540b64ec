import { z } from 'zod'
import { parseJson } from '../../shared/parse-json'
import type {
  AllowanceDto,
  CatalogueProgress,
  SyncOutcome,
  SyncPhase,
  SyncStatus,
  UnreadableCounts
} from '../../shared/model/sync'
import { countSets } from '../catalogue/index'
import { outboxCounts } from '../collection/index'
import type { Profiles } from '../account/index'
import type { Store } from '../store/connection'
import type { ReadDb } from '../store/handles'
import { perCatalogue, tracksCatalogue } from '../store/match-sets'
import { getAllowance, getSyncValue, utcDay } from '../store/sync-state-repo'
import { catalogueIncomplete } from './pull/catalogue'
import type { Reachability } from './reachability'

/** What the status tells of the running or last sync: its step, how it ended, why it failed. */
export class SyncProgress {
  phase: SyncPhase = 'idle'
  done = 0
  total = 0
  /** Kept with the profile it belongs to: a switch starts from "nothing known". */
  outcome: { readonly profileId: number; readonly value: SyncOutcome } | null = null
  error: string | null = null

  step(phase: SyncPhase, done: number, total: number): void {
    this.phase = phase
    this.done = done
    this.total = total
  }
}

/** Where the status is read from, besides the progress. */
interface StatusSources {
  readonly store: Store
  readonly profiles: Profiles
  readonly reach: Reachability
  readonly now: () => Date
}

function allowance(db: ReadDb, profileId: number, now: Date): AllowanceDto {
  const a = getAllowance(db, profileId, utcDay(now))
  return {
    limit: a.limit,
    used: a.used,
    remaining: a.limit === null ? null : Math.max(0, a.limit - a.used)
  }
}

/**
 * The service stopped paging short of its total, or a pull was cut off (offline, quit) and has
 * not run to its end since: either way the catalogue is not all there, and the next sync resumes.
 */
function shortCatalogue(
  db: ReadDb,
  id: number,
  sets: number,
  running: boolean
): CatalogueProgress | null {
  const stopped = catalogueIncomplete(db, id)
  if (stopped) return stopped
  if (running || getSyncValue(db, id, 'sets_next_page') === null) return null
  const expected = Number(getSyncValue(db, id, 'sets_expected') ?? '0')
  return { got: sets, expected: Math.max(expected, sets) }
}

/** A count that is not a whole number above zero (missing, damaged) counts as none. */
const someRecords = z.number().int().positive().catch(0)
const unreadableCounts = z.object({ sets: someRecords, minifigs: someRecords })

/** Records the last sync that ended left out, unreadable (sync-run.ts); null when none. */
function unreadable(db: ReadDb, id: number): UnreadableCounts | null {
  const raw = getSyncValue(db, id, 'last_sync_unreadable')
  if (raw === null) return null
  const r = parseJson(unreadableCounts, raw)
  if (!r.ok) return null
  return r.value.sets + r.value.minifigs > 0 ? r.value : null
}

/** While a sync writes, the count shown may be this old (it changes with every page). */
const RUNNING_COUNT_MS = 1000

/** The last count read per connection, with when (by the status's clock) and for which profile. */
const lastCount = new WeakMap<ReadDb, { readonly id: number; readonly at: number; n: number }>()

/**
 * The catalogue's set count, counted again only after the catalogue changed: the status is read
 * on every publish (each step of a sync, every poll of the window), and at 200,000 sets a count
 * walks 200,000 index entries (30-100 ms). While a sync runs, every page changes the catalogue, so
 * the count is read at most once a RUNNING_COUNT_MS (it is only shown then); once the sync has
 * ended it is exact. A connection that does not track changes counts every time.
 */
function catalogueSets(db: ReadDb, id: number, running: boolean, now: number): number {
  if (!tracksCatalogue(db)) return countSets(db, id)
  const last = lastCount.get(db)
  if (running && last?.id === id && now - last.at < RUNNING_COUNT_MS) return last.n
  const n = perCatalogue(db, `sync-status:sets:${String(id)}`, () => countSets(db, id))
  if (last?.id !== id || last.n !== n || now - last.at >= RUNNING_COUNT_MS) {
    lastCount.set(db, { id, at: now, n })
  }
  return n
}

export function syncStatus(
  src: StatusSources,
  progress: SyncProgress,
  running: boolean
): SyncStatus {
  const db = src.store.read
  const id = src.profiles.active().id
  const sets = catalogueSets(db, id, running, src.now().getTime())
  const { outcome } = progress
  const { reach } = src
  const unread = unreadable(db, id)
  return {
    running,
    phase: progress.phase,
    done: progress.done,
    total: progress.total,
    lastSyncAt: getSyncValue(db, id, 'last_sync_at'),
    outcome: outcome?.profileId === id ? outcome.value : null,
    online: reach.online(),
    connected: reach.online() && reach.answered(),
    error: progress.error,
    ...outboxCounts(db, id),
    allowance: allowance(db, id, src.now()),
    catalogueSets: sets,
    catalogueIncomplete: shortCatalogue(db, id, sets, running),
    ...(unread === null ? {} : { unreadable: unread })
  }
}
