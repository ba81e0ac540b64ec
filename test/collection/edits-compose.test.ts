import { beforeAll, describe, expect, it } from 'vitest'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { EventMap } from '../../src/shared/ipc/contract'
import { browserApp, until } from '../ipc/browser-app'

/** The edit path as the renderer reaches it: createApp (demo profile) → dispatch → handlers. */
const rig = browserApp('compose-edits', 200)
const { call } = rig
const statuses: EventMap['sync:status'][] = []

beforeAll(async () => {
  rig.app.events.subscribe((name, payload) => {
    if (name === 'sync:status') statuses.push(payload as EventMap['sync:status'])
  })
  await rig.syncDemo()
})

describe('edits through createApp and dispatch', () => {
  it('an edit is acknowledged at once, counted as pending, then pushed in the background', async () => {
    const { rows } = await call<{ rows: { setID: number }[] }>('catalog:search', {
      text: '',
      limit: 3
    })
    const setID = rows[2]?.setID ?? 0
    const dto = await call<{ notes: string; sync: string }>('collection:updateSet', {
      setID,
      patch: { notes: 'via dispatch', flags: { '5': true } }
    })
    expect(dto).toMatchObject({ notes: 'via dispatch', sync: 'pending' })
    expect(statuses.some((s) => s.pending > 0)).toBe(true)
    const pushed = async () => (await call<unknown[]>('outbox:list', {})).length === 0
    expect(await until(pushed)).toBe(true)
    expect(statuses.at(-1)?.pending).toBe(0)
    const back = await call<{ collection: { notes: string; flags: boolean[]; sync: string } }>(
      'catalog:getSet',
      { setID }
    )
    expect(back.collection).toMatchObject({ notes: 'via dispatch', sync: 'synced' })
    expect(back.collection.flags[4]).toBe(true)
  })

  it('bad input is refused by the contract and changes nothing', async () => {
    const r = await dispatch(rig.app.handlers, 'collection:updateSet', {
      setID: 1,
      patch: { qtyOwned: 1000 }
    })
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    const r2 = await dispatch(rig.app.handlers, 'collection:updateSet', {
      setID: 1,
      patch: { notes: 'a\u0001b' }
    })
    expect(r2).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(await call<unknown[]>('outbox:list', {})).toEqual([])
  })

  it('the account status shows the demo sign-in without any secret', async () => {
    const status = await call<Record<string, unknown>>('account:getStatus', {})
    expect(status).toMatchObject({
      profile: 'demo',
      signedIn: true,
      keychain: 'memory',
      remembered: false
    })
    expect(Object.keys(status).sort()).toEqual([
      'apiKeySet',
      'baseUrl',
      'binding',
      'keychain',
      'keychainMessage',
      'problem',
      'profile',
      'remembered',
      'signInNeeded',
      'signedIn',
      'username'
    ])
  })
})
