import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/svelte'
import { openApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { HeldTransport, toChannels } from './held-transport'
import { setTransport } from '../../src/renderer/src/lib/api'
import { notices } from '../../src/renderer/src/lib/state/notices.svelte'

/**
 * A large undo takes main a while. Issue #25: nothing showed for 35-40 s, and a second Ctrl+Z
 * pressed meanwhile undid an unrelated edit. The screen must say at once what it undoes, and a
 * press while it runs must not become a second undo.
 */

const backend = new FakeBackend(20)

/** journal:undo and journal:redo answer only when the test lets them. */
let transport: HeldTransport
const BULK = { id: 42, at: '2026-01-01T00:00:00Z', description: '1,704 sets marked wanted' }

beforeAll(() => {
  window.location.hash = '#/browse'
})
beforeEach(() => {
  transport = new HeldTransport(backend, toChannels('journal:undo', 'journal:redo'))
  setTransport(transport)
  notices.toasts = []
  backend.override('journal:next', () => ({
    undo: { ...BULK, undone: false, sets: 1704 },
    redo: null
  }))
  backend.override('journal:undo', ({ entryId }) => ({
    entry: { ...BULK, undone: entryId === BULK.id },
    applied: entryId === BULK.id,
    canUndo: true,
    canRedo: true
  }))
})
afterEach(() => {
  cleanup()
})

const ctrlZ = () => fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true })
const toasts = () => screen.getByRole('region', { name: 'Notifications' }).textContent

describe('an undo that main takes a while to answer', () => {
  it('says "Undoing 1,704 sets…" at once and sends one undo, naming the entry', async () => {
    await openApp()
    await ctrlZ()
    await settle()
    expect(screen.getByTestId('undoing').textContent).toContain('Undoing 1,704 sets…')
    expect(transport.asked).toEqual([{ channel: 'journal:undo', input: { entryId: 42 } }])

    // A second press while the first has not answered: no second undo, and the user is told.
    await ctrlZ()
    await settle()
    expect(transport.asked).toHaveLength(1)
    expect(toasts()).toContain('Still undoing 1,704 sets')

    await transport.release()
    await settle()
    expect(screen.queryByTestId('undoing')).toBeNull()
    expect(toasts()).toContain('Undone: 1,704 sets marked wanted')
    expect(transport.asked).toHaveLength(1)
  })

  it('an entry undone elsewhere meanwhile is not followed by another undo', async () => {
    await openApp()
    // Main answers that the entry was no longer next (a second window undid it).
    backend.override('journal:undo', () => ({
      entry: { ...BULK, undone: true },
      applied: false,
      canUndo: true,
      canRedo: true
    }))
    await ctrlZ()
    await settle()
    await transport.release()
    await settle()
    expect(transport.asked).toEqual([{ channel: 'journal:undo', input: { entryId: 42 } }])
    expect(toasts()).toContain('Already undone: 1,704 sets marked wanted')
    expect(toasts()).not.toContain('Undone: 1,704')
  })

  it('takes the next press once the undo has answered', async () => {
    await openApp()
    await ctrlZ()
    await settle()
    await transport.release()
    await settle()
    await ctrlZ()
    await settle()
    expect(transport.asked).toHaveLength(2)
    await transport.release()
  })
})
