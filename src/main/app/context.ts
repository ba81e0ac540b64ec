import type { Handlers } from '../../shared/ipc/contract'
import type { MediaFile } from '../catalogue/media-cache'
import type { EventBus } from '../ipc/event-bus'

/** What createApp gives a host: the same object for the app's whole life, recovery included. */
export interface AppContext {
  handlers: Handlers
  events: EventBus
  /** Serves the app-local `media/...` URLs that DTOs carry from the on-disk image cache. */
  media(path: string): Promise<MediaFile | null>
  /** https hosts the shell may open externally (set pages, instruction documents). */
  allowedExternalHosts(): string[]
  close(): Promise<void>
}
