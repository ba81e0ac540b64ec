import { vi } from 'vitest'
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract'
import type { ChannelName, Handlers } from '../../src/shared/ipc/contract'

/** Test double: every channel answers `{ channel, input }` through a spy, so calls can be counted. */
export function fakeHandlers(): {
  handlers: Handlers
  spies: Record<ChannelName, ReturnType<typeof vi.fn>>
} {
  const spies = {} as Record<ChannelName, ReturnType<typeof vi.fn>>
  for (const name of CHANNEL_NAMES) {
    spies[name] = vi.fn((input: unknown) => ({ channel: name, input }))
  }
  return { handlers: spies as unknown as Handlers, spies }
}
