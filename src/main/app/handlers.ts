import { AppError } from '../../shared/errors'
import { CHANNEL_NAMES } from '../../shared/ipc/contract'
import type { ChannelName, Handlers } from '../../shared/ipc/contract'
import type { AppInfo, HostKind } from '../../shared/model/app'
import type { EventBus } from '../ipc/event-bus'
import type { Store } from '../store/connection'
import type { FileChooser } from './compose'
import { createCatalogueHandlers } from './catalogue-handlers'
import { createCollectionHandlers } from './collection-handlers'
import type { EditDeps } from './edits-deps'
import { createOutboxJournalHandlers } from './sync-handlers'
import type { Profiles } from './profiles'
import type { SyncRunner } from './sync-pull'

/** Everything a handler group may use; built once by createApp. */
export interface AppServices {
  readonly store: Store
  readonly profiles: Profiles
  readonly events: EventBus
  readonly sync: SyncRunner
  readonly host: HostKind
  readonly files: FileChooser | null
  readonly version: string
  readonly now: () => Date
  readonly log: {
    info(m: string, d?: unknown): void
    warn(m: string, d?: unknown): void
    error(m: string, d?: unknown): void
  }
}

function appInfo(s: AppServices): AppInfo {
  const p = s.profiles.active()
  return { version: s.version, host: s.host, profile: { kind: p.kind, label: p.label } }
}

/** Channels whose handler group has not landed yet: they fail loudly, never pretend. */
function notYet(channels: readonly ChannelName[]): Partial<Handlers> {
  const out: Partial<Record<ChannelName, () => never>> = {}
  for (const c of channels) {
    out[c] = () => {
      throw new AppError('internal', `Not available yet: ${c}`)
    }
  }
  return out
}

/** One handler per contract channel, merged from the groups; throws if a channel has none. */
export function buildHandlers(s: AppServices, extra: Partial<Handlers> = {}): Handlers {
  const edits: EditDeps = {
    store: s.store,
    profileId: () => s.profiles.active().id,
    now: s.now,
    changed: (setIDs) => {
      s.events.emit('data:changed', { scope: 'collection', setIDs: [...setIDs] })
      s.sync.publish()
    }
  }
  const own: Partial<Handlers> = {
    'app:getInfo': () => appInfo(s),
    ...createCollectionHandlers(edits),
    ...createOutboxJournalHandlers(edits),
    ...createCatalogueHandlers({ store: s.store, profiles: s.profiles, now: s.now }),
    'sync:getStatus': () => s.sync.status(),
    'sync:start': ({ full }) => s.sync.start({ full }),
    'sync:cancel': () => s.sync.cancel(),
    ...extra
  }
  const missing = CHANNEL_NAMES.filter((c) => !(c in own))
  const merged = { ...notYet(missing), ...own }
  for (const c of CHANNEL_NAMES) {
    if (typeof merged[c] !== 'function') throw new Error(`No handler for ${c}`)
  }
  return merged as Handlers
}
