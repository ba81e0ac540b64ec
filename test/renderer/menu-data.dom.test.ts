import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import App from '../../src/renderer/src/App.svelte'

/** The desktop app: File › Back Up…, Restore… and a `.studbook` opened by the OS. */
const backend = new FakeBackend(20)
backend.override('app:getInfo', () => ({
  version: '0.1.0',
  host: 'electron',
  profile: { kind: 'demo', label: 'Demo' }
}))
/** A backup's or the collection's counts: this many sets owned, one each, nothing else. */
const counts = (owned: number) => ({
  setsOwned: owned,
  unitsOwned: owned,
  setsWanted: 0,
  copies: 0,
  minifigsLoose: 0,
  minifigsWanted: 0,
  labels: 0,
  views: 0
})
backend.override('exchange:backup', () => ({
  path: '/data/backups/studbook-backup-2026-11-26.studbook',
  bytes: 10,
  counts: counts(1)
}))
backend.override('exchange:previewRestore', () => ({
  restoreId: 'r1',
  name: 'opened.studbook',
  takenAt: '2026-11-01T10:00:00.000Z',
  holds: counts(2),
  current: counts(2),
  changes: 1,
  serviceWrites: 1,
  refused: { count: 0, shown: [] },
  unknownSets: { count: 0, shown: [] }
}))

serveApp(backend)

/** Picks a File menu command with the app open at `route`: each leads to the data screen. */
async function fromMenu(route: string, command: 'backup' | 'restore'): Promise<void> {
  await openApp(route)
  backend.emit('menu:command', { command })
  await settle(10)
  expect(window.location.hash).toBe('#/exchange')
}

describe('File menu commands for your data (desktop)', () => {
  it('Back Up… opens the data screen and saves a backup where the user chooses', async () => {
    await fromMenu('#/browse', 'backup')
    expect(backend.callsTo('exchange:backup')).toEqual([{ saveWithDialog: true }])
    expect(screen.getByRole('region', { name: 'Notifications' }).textContent).toContain(
      'Collection backed up to /data/backups/studbook-backup-2026-11-26.studbook'
    )
  })

  it('Restore… asks main for the file dialog and shows the Restore preview', async () => {
    await fromMenu('#/owned', 'restore')
    expect(backend.callsTo('exchange:previewRestore')).toEqual([{ fromDialog: true }])
    expect(screen.getByRole('dialog', { name: 'Restore this backup?' })).toBeTruthy()
  })

  it('a .studbook the OS opened shows its Restore preview, also on the data screen', async () => {
    await openApp('#/exchange')
    const before = backend.callsTo('exchange:previewRestore').length
    backend.emit('menu:command', { command: 'restoreOpened' })
    await settle(10)
    expect(backend.callsTo('exchange:previewRestore').slice(before)).toEqual([{ opened: true }])
    expect(screen.getByRole('dialog', { name: 'Restore this backup?' }).textContent).toContain(
      'opened.studbook'
    )
  })

  it('a .studbook that started Studbook is shown once the page is up, without the event', async () => {
    // The window may finish loading before the page listens; the page asks at start too.
    backend.override('exchange:openedBackup', () => ({ waiting: true }))
    window.location.hash = '#/browse'
    const before = backend.callsTo('exchange:previewRestore').length
    render(App)
    await settle(10)
    expect(window.location.hash).toBe('#/exchange')
    expect(backend.callsTo('exchange:previewRestore').slice(before)).toEqual([{ opened: true }])
    expect(screen.getByRole('dialog', { name: 'Restore this backup?' })).toBeTruthy()
    // The same file announced again finds nothing left to open: the dialog stays.
    backend.override('exchange:previewRestore', () => null)
    backend.emit('menu:command', { command: 'restoreOpened' })
    await settle(10)
    expect(screen.getByRole('dialog', { name: 'Restore this backup?' })).toBeTruthy()
  })
})
