import { describe, expect, it } from 'vitest'
import { syncOnSignIn } from '../../src/main/sync/triggers'
import { createEventBus } from '../../src/main/ipc/event-bus'
import type { AccountStatus } from '../../src/shared/model/account'

const status = (signedIn: boolean): AccountStatus => ({
  profile: 'custom',
  baseUrl: 'https://service.example',
  binding: 'auto',
  apiKeySet: true,
  signedIn,
  signInNeeded: signedIn ? null : 'hash',
  username: 'collector',
  keychain: 'os',
  remembered: true,
  keychainMessage: null,
  problem: null
})

describe('a sync starts when the account becomes signed in', () => {
  it('on sign-in and on signing in again, not on every account event', () => {
    const bus = createEventBus()
    let started = 0
    syncOnSignIn(bus, () => {
      started++
    })
    bus.emit('account:changed', status(false))
    expect(started).toBe(0)
    bus.emit('account:changed', status(true))
    expect(started).toBe(1)
    // A label or keychain change while signed in is no reason to sync again.
    bus.emit('account:changed', status(true))
    expect(started).toBe(1)
    bus.emit('account:changed', status(false))
    bus.emit('account:changed', status(true))
    expect(started).toBe(2)
  })
})
