import { AppError } from '../../shared/errors'
import type { SyncOutcome, SyncPhase, UnreadableKind } from '../../shared/model/sync'
import type { EventBus } from '../ipc/event-bus'
import { hasSubthemesAndYears, themeNames } from '../catalogue/index'
import type { Store } from '../store/connection'
import { getSyncValue, setSyncValue } from '../store/sync-state-repo'
import { confirmCredentials, rejectedCredential, rejectionError } from '../account/index'
import type { Profiles } from '../account/index'
import {
  catalogueIncomplete,
  pullAllSets,
  pullRecentSets,
  pullSubthemesAndYears,
  pullThemes
} from './pull/catalogue'
import { pullCollection } from './pull/collection'
import { pullMinifigCatalogue } from './pull/minifigs'
import type { PullContext } from './pull/context'
import { setWriter } from './pull/set-writer'
import type { SetWriter } from './pull/set-writer'
import type { Reachability } from './reachability'
import type { Log } from '../logging/index'

/** The push step (outbox → service), provided by the edits side; runs before the collection pull. */
export type PushStep = (signal: AbortSignal) => Promise<void>

/** What one sync needs; progress goes to `step`. */
export interface SyncRunDeps {
  readonly store: Store
  readonly profiles: Profiles
  readonly events: EventBus
  readonly reach: Reachability
  readonly now: () => Date
  readonly push: PushStep | undefined
  readonly log?: Pick<Log, 'warn'>
  step(phase: SyncPhase, done: number, total: number): void
}

/** Read when needed, not once: the user may sign in while the catalogue downloads. */
const signedIn = (profiles: Profiles): boolean => (profiles.secrets().userHash ?? '') !== ''

/** Records one sync left out, unreadable, by kind: stored with its outcome (sync-status.ts). */
type Unreadable = Record<UnreadableKind, number>

function pullContext(
  deps: SyncRunDeps,
  signal: AbortSignal,
  unread: Unreadable,
  writer: SetWriter
): PullContext {
  const { store, profiles, events } = deps
  const client = profiles.client()
  let confirmed: Promise<void> | null = null
  return {
    store,
    profileId: profiles.active().id,
    client,
    signal,
    writer,
    now: deps.now,
    confirmBeforeRemoving() {
      confirmed ??= confirmCredentials(client, signedIn(profiles), signal)
      return confirmed
    },
    progress(p, d, t) {
      deps.step(p, d, t)
    },
    changed(scope, setIDs) {
      events.emit('data:changed', { scope, setIDs: [...setIDs] })
    },
    unreadable(kind, operation, rejected) {
      unread[kind] += rejected.length
      for (const r of rejected) {
        const where = r.field === '' ? '' : ` (${r.field})`
        deps.log?.warn(
          `left out an unreadable record of ${operation}: ${r.id ?? `#${r.index}`}${where}: ${r.message}`
        )
      }
    }
  }
}

/**
 * The whole catalogue (first sync, a full one, or resuming a cut-off load). Subthemes and years
 * are independent of the set pages: fetched alongside them (the service, the client and SQLite then
 * overlap), reporting progress of the sets only; either failing stops the other.
 */
async function pullWholeCatalogue(ctx: PullContext, reach: Reachability): Promise<void> {
  const themes = await pullThemes(ctx)
  reach.reached()
  const expected = themes.reduce((n, t) => n + t.setCount, 0)
  setSyncValue(ctx.store.write, ctx.profileId, 'sets_expected', String(expected))
  const both = new AbortController()
  const abortBoth = () => {
    both.abort()
  }
  const stopBoth = (e: unknown): never => {
    both.abort()
    throw e
  }
  ctx.signal.addEventListener('abort', abortBoth)
  const side: PullContext = { ...ctx, signal: both.signal, progress: () => undefined }
  try {
    await Promise.all([
      pullSubthemesAndYears(side, themes).catch(stopBoth),
      pullAllSets({ ...ctx, signal: both.signal }, expected).catch(stopBoth)
    ])
  } finally {
    ctx.signal.removeEventListener('abort', abortBoth)
  }
}

/** What changed since the last sync, and any table an earlier sync left empty (cut off, refused). */
async function pullCatalogueChanges(ctx: PullContext, reach: Reachability): Promise<void> {
  const themes = await pullThemes(ctx)
  reach.reached()
  if (themes.length > 0 && !hasSubthemesAndYears(ctx.store.read, ctx.profileId)) {
    await pullSubthemesAndYears(ctx, themes)
  }
  if (themeNames(ctx.store.read, ctx.profileId).length > 0) await pullRecentSets(ctx)
}

/**
 * The catalogue's figures with a whole catalogue, or once when none were ever asked for. A service
 * without them is asked again only by the next whole pull; a list it sends that is not valid is
 * left out, never a reason to hold back the user's collection.
 */
async function pullFigures(deps: SyncRunDeps, ctx: PullContext, whole: boolean): Promise<void> {
  const asked = getSyncValue(ctx.store.read, ctx.profileId, 'minifigs_pulled_at') !== null
  if (!whole && asked) return
  try {
    if (await pullMinifigCatalogue(ctx)) return
  } catch (e) {
    if (!(e instanceof AppError && e.code === 'bad_record')) throw e
    deps.log?.warn('minifigure catalogue refused', e.message)
  }
  setSyncValue(ctx.store.write, ctx.profileId, 'minifigs_pulled_at', deps.now().toISOString())
}

/** One sync: the catalogue, then the outbox pushed, then the collection pulled. */
export async function runSync(
  deps: SyncRunDeps,
  full: boolean,
  signal: AbortSignal
): Promise<SyncOutcome> {
  const { store, profiles } = deps
  const profileId = profiles.active().id
  // A refused key fails every call: nothing is asked until the user enters a working one.
  if (rejectedCredential(store.read, profileId) === 'key') throw rejectionError('key')
  const unread: Unreadable = { sets: 0, minifigs: 0 }
  const writer = setWriter(store)
  try {
    return await syncWith(deps, full, pullContext(deps, signal, unread, writer), unread)
  } finally {
    await writer.close()
  }
}

async function syncWith(
  deps: SyncRunDeps,
  full: boolean,
  ctx: PullContext,
  unread: Unreadable
): Promise<SyncOutcome> {
  const { store, profiles } = deps
  const { profileId, signal } = ctx
  const complete = getSyncValue(store.read, profileId, 'catalogue_complete_at') !== null
  const resuming = getSyncValue(store.read, profileId, 'sets_next_page') !== null
  const whole = full || !complete || resuming
  if (whole) {
    // A whole pull writes for certain: its thread from the start decodes every answer of the sync.
    ctx.writer.open()
    await pullWholeCatalogue(ctx, deps.reach)
  } else await pullCatalogueChanges(ctx, deps.reach)
  await pullFigures(deps, ctx, whole)
  ctx.writer.writesDone()
  // A refused sign-in: the catalogue syncs, the outbox waits, the collection is left as it is.
  // Asked again here: signing in while the catalogue downloaded clears the refusal.
  if (rejectedCredential(store.read, profileId) === 'hash') throw rejectionError('hash')
  if (deps.push) {
    ctx.progress('push', 0, 0)
    await deps.push(signal)
  }
  if (signedIn(profiles)) await pullCollection(ctx)
  const left = unread.sets + unread.minifigs > 0 ? JSON.stringify(unread) : null
  setSyncValue(store.write, profileId, 'last_sync_unreadable', left)
  if (catalogueIncomplete(store.read, profileId) !== null) return 'incomplete'
  setSyncValue(store.write, profileId, 'last_sync_at', deps.now().toISOString())
  return 'complete'
}
