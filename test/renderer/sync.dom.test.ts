import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

const backend = new FakeBackend(20)

serveApp(backend, { route: '#/browse' })

describe('sync status, offline, conflicts and undo', () => {
  it('shows the pending count and the offline indicator pushed by main', async () => {
    await openApp()
    expect(screen.queryByTestId('offline')).toBeNull()
    backend.emit('sync:status', { ...backend.status, online: false, pending: 3 })
    await settle()
    expect(screen.getByTestId('offline').textContent).toBe('Offline')
    expect(screen.getByTestId('pending').textContent.trim()).toBe('3 pending')
    backend.emit('sync:status', { ...backend.status, online: true, pending: 0 })
    await settle()
    expect(screen.queryByTestId('offline')).toBeNull()
    expect(screen.getByTestId('pending').textContent.trim()).toBe('All synced')
  })

  it('opens the conflict dialog side by side and sends the chosen side', async () => {
    await openApp()
    backend.outbox = [
      {
        id: 9,
        setID: 3,
        label: '1003-1 Town set 3',
        field: 'notes',
        desired: 'mine text',
        base: 'old',
        server: 'their text',
        state: 'conflict',
        reason: null,
        createdAt: '2024-01-01T00:00:00Z'
      }
    ]
    backend.emit('sync:status', { ...backend.status, conflicts: 1 })
    await settle()
    const dialog = screen.getByRole('dialog', { name: 'This set changed in two places' })
    expect(within(dialog).getByTestId('conflict-mine').textContent).toBe('mine text')
    expect(within(dialog).getByTestId('conflict-theirs').textContent).toBe('their text')
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Keep theirs' }))
    await settle()
    expect(backend.callsTo('outbox:resolveConflict')).toEqual([{ id: 9, keep: 'theirs' }])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('undoes with Ctrl+Z outside text fields and says what was undone', async () => {
    await openApp()
    await fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true })
    await settle()
    expect(backend.callsTo('journal:undo')).toHaveLength(1)
    expect(screen.getByRole('region', { name: 'Notifications' }).textContent).toContain(
      'Undone: owned 1001-1'
    )
    // In a text field Ctrl+Z is the field's own undo.
    const box = screen.getByLabelText('Search sets')
    await fireEvent.keyDown(box, { key: 'z', ctrlKey: true })
    await settle()
    expect(backend.callsTo('journal:undo')).toHaveLength(1)
  })

  it('follows application-menu commands from the Electron shell', async () => {
    await openApp()
    backend.emit('menu:command', { command: 'settings' })
    await settle()
    expect(window.location.hash).toBe('#/settings')
    backend.emit('menu:command', { command: 'find' })
    await settle()
    expect(document.activeElement).toBe(screen.getByLabelText('Search sets'))
    const before = backend.callsTo('sync:start').length
    backend.emit('menu:command', { command: 'sync' })
    await settle()
    expect(backend.callsTo('sync:start')).toHaveLength(before + 1)
  })
})
