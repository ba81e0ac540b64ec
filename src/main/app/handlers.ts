import { CHANNEL_NAMES } from '../../shared/ipc/contract'
import type { ChannelName, Handlers } from '../../shared/ipc/contract'
import type { AppInfo, HostKind } from '../../shared/model/app'
import type { EventBus } from '../ipc/event-bus'
import type { Store } from '../store/connection'
import type { FacetPool } from '../catalogue/facet-pool'
import type { FileChooser, ReportPdfPort } from './ports'
import { createCatalogueHandlers } from '../catalogue/catalogue-handlers'
import { setStateSql } from '../collection/index'
import { createReportHandlers } from '../report/index'
import { createViewsHandlers } from '../views/index'
import { createWatchHandlers } from '../watch/index'
import { createLabelsHandlers } from '../labels/index'
import { createMoneyHandlers } from '../money/index'
import type { EditSideHandlers } from './compose-edits'
import type { Profiles } from '../account/profiles'
import type { SyncRunner } from '../sync/runner'
import type { StartHandlers } from './start'
import { updateCheckHandlers } from './update-checks'
import type { Log } from '../logging/index'

/** Everything a handler group may use; built once by createApp. */
export interface AppServices {
  readonly store: Store
  /** Facet counts off the main thread (the app has one; tests may leave them inline). */
  readonly facets?: FacetPool
  readonly profiles: Profiles
  readonly events: EventBus
  readonly sync: SyncRunner
  readonly host: HostKind
  readonly files: FileChooser | null
  readonly reportPdf?: ReportPdfPort | null
  readonly version: string
  readonly now: () => Date
  readonly log: Log
}

function appInfo(s: AppServices): AppInfo {
  const p = s.profiles.active()
  return { version: s.version, host: s.host, profile: { kind: p.kind, label: p.label } }
}

/** Merges handler groups; a channel served twice or not at all is a programming error. */
function merge(groups: readonly Partial<Handlers>[]): Handlers {
  const merged: Partial<Record<ChannelName, unknown>> = {}
  for (const group of groups) {
    for (const [name, handler] of Object.entries(group)) {
      if (name in merged) throw new Error(`Two handlers for ${name}`)
      merged[name as ChannelName] = handler
    }
  }
  for (const c of CHANNEL_NAMES) {
    if (typeof merged[c] !== 'function') throw new Error(`No handler for ${c}`)
  }
  return merged as Handlers
}

/**
 * One handler per contract channel: app, catalogue and sync from here, collection, outbox,
 * journal, account and exchange from the edit side.
 */
export function buildHandlers(
  s: AppServices,
  edits: EditSideHandlers,
  start: StartHandlers
): Handlers {
  return merge([
    { 'app:getInfo': () => appInfo(s) },
    updateCheckHandlers(s.store),
    start,
    createCatalogueHandlers({
      store: s.store,
      profiles: s.profiles,
      state: setStateSql,
      now: s.now,
      ...(s.facets ? { facets: s.facets } : {})
    }),
    {
      'sync:getStatus': () => s.sync.status(),
      'sync:start': ({ full }) => s.sync.start({ full }),
      'sync:cancel': () => s.sync.cancel()
    },
    createReportHandlers({
      store: s.store,
      profileId: () => s.profiles.active().id,
      now: s.now,
      pdf: s.reportPdf ?? null
    }),
    createViewsHandlers({ store: s.store, profileId: () => s.profiles.active().id, now: s.now }),
    createWatchHandlers({ store: s.store, profileId: () => s.profiles.active().id, now: s.now }),
    createLabelsHandlers({ store: s.store, profileId: () => s.profiles.active().id }),
    createMoneyHandlers({ store: s.store, profileId: () => s.profiles.active().id }),
    edits
  ])
}
