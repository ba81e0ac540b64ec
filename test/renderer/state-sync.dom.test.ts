import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setTransport } from '../../src/renderer/src/lib/api'
import { notices } from '../../src/renderer/src/lib/state/notices.svelte'
import { SyncState } from '../../src/renderer/src/lib/state/sync.svelte'
import type { OutboxItemDto } from '../../src/shared/model/sync'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

let backend: FakeBackend
beforeEach(() => {
  backend = new FakeBackend(10)
  setTransport(backend)
  notices.toasts = []
})
afterEach(() => {
  setTransport(null)
})

const item = (id: number, state: OutboxItemDto['state']): OutboxItemDto => ({
  id,
  setID: 1,
  label: '1001-1 Castle set 1',
  field: 'notes',
  desired: 'mine',
  base: '',
  server: state === 'conflict' ? 'theirs' : null,
  state,
  reason: null,
  createdAt: '2024-01-01T00:00:00Z'
})

describe('SyncState', () => {
  it('reloads the waiting changes only when a status moved their counts', async () => {
    const s = new SyncState()
    const hide = s.showOutbox()
    s.apply(backend.status)
    await settle()
    const lists = () => backend.callsTo('outbox:list').length
    const first = lists()
    s.apply({ ...backend.status, done: 5 })
    await settle()
    expect(lists()).toBe(first)
    backend.outbox = [item(1, 'pending')]
    s.apply({ ...backend.status, pending: 1 })
    await settle()
    expect(lists()).toBe(first + 1)
    expect(s.outbox).toEqual([item(1, 'pending')])
    hide()
  })

  it('reads the waiting changes only while a screen shows them', async () => {
    const s = new SyncState()
    s.apply(backend.status)
    await settle()
    const lists = () => backend.callsTo('outbox:list').length
    // Every edit moves the pending count twice (saved, then pushed): no read while nothing shows it.
    s.apply({ ...backend.status, pending: 1 })
    s.apply({ ...backend.status, pending: 0 })
    await settle()
    expect(lists()).toBe(0)
    backend.outbox = [item(1, 'pending')]
    const hide = s.showOutbox()
    await settle()
    expect(s.outbox).toEqual([item(1, 'pending')])
    hide()
    s.apply({ ...backend.status, pending: 2 })
    await settle()
    expect(lists()).toBe(1)
  })

  it('while a conflict waits, each status reloads it: the service value it shows may be newer', async () => {
    const s = new SyncState()
    backend.outbox = [item(1, 'conflict')]
    s.apply({ ...backend.status, conflicts: 1 })
    await settle()
    expect(s.outbox[0]?.server).toBe('theirs')
    // The next round read the service again: same counts, newer value.
    backend.outbox = [{ ...item(1, 'conflict'), server: 'theirs, later' }]
    s.apply({ ...backend.status, conflicts: 1, done: 3 })
    await settle()
    expect(s.outbox[0]?.server).toBe('theirs, later')
  })

  it('asks again about conflicts when a new one arrives after "decide later"', () => {
    const s = new SyncState()
    s.apply({ ...backend.status, conflicts: 1 })
    s.deferConflicts()
    s.apply({ ...backend.status, conflicts: 1, done: 2 })
    expect(s.conflictsDeferred).toBe(true)
    s.apply({ ...backend.status, conflicts: 2 })
    expect(s.conflictsDeferred).toBe(false)
  })

  it('is offline while the back end cannot be reached, and online with its next status', async () => {
    const s = new SyncState()
    backend.failures['sync:getStatus'] = { code: 'offline', message: 'x', retryable: true }
    await s.load()
    expect(s.offline).toBe(true)
    s.apply(backend.status)
    expect(s.offline).toBe(false)
    s.apply({ ...backend.status, online: false })
    expect(s.offline).toBe(true)
  })

  it('says what an undo did and what can be done next', async () => {
    const s = new SyncState()
    await s.undo()
    expect(notices.toasts.map((t) => t.text)).toEqual(['Undone: owned 1001-1'])
    expect([s.canUndo, s.canRedo]).toEqual([false, true])
  })
})
