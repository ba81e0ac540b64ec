import type { InputOf, OutputOf, ParsedInputOf } from './define'
import { appChannels } from './channels/app'
import { catalogChannels } from './channels/catalog'
import { collectionChannels } from './channels/collection'
import { bulkChannels } from './channels/bulk'
import { syncChannels } from './channels/sync'
import { accountChannels } from './channels/account'
import { exchangeChannels } from './channels/exchange'
import { reportChannels } from './channels/report'
import { scanChannels } from './channels/scan'
import { viewsChannels } from './channels/views'
import { watchChannels } from './channels/watch'
import { doctorChannels } from './channels/doctor'
import { shelfChannels } from './channels/shelf'
import { ledgerChannels } from './channels/ledger'
import { moneyChannels } from './channels/money'
import { labelsChannels } from './channels/labels'
import type { EventMap } from './events'

/**
 * The IPC contract: every request channel the renderer may use (`domain:verbNoun`), with its input
 * schema and result type. Preload, hosts, handler registration and the renderer client all derive
 * from this one object.
 */
export const CHANNELS = {
  ...appChannels,
  ...catalogChannels,
  ...collectionChannels,
  ...bulkChannels,
  ...syncChannels,
  ...accountChannels,
  ...exchangeChannels,
  ...reportChannels,
  ...scanChannels,
  ...viewsChannels,
  ...doctorChannels,
  ...shelfChannels,
  ...watchChannels,
  ...ledgerChannels,
  ...labelsChannels,
  ...moneyChannels
} as const

type Channels = typeof CHANNELS
export type ChannelName = keyof Channels
export type ChannelInput<K extends ChannelName> = InputOf<Channels[K]>
type ChannelParsedInput<K extends ChannelName> = ParsedInputOf<Channels[K]>
export type ChannelOutput<K extends ChannelName> = OutputOf<Channels[K]>

export const CHANNEL_NAMES = Object.keys(CHANNELS) as ChannelName[]

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(CHANNELS, name)
}

/** What main implements: one handler per channel, typed from the contract. */
export type Handlers = {
  [K in ChannelName]: (input: ChannelParsedInput<K>) => Promise<ChannelOutput<K>> | ChannelOutput<K>
}

export type { EventMap }
export { EVENT_NAMES } from './events'
export type { EventName } from './events'
