import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import RecoveryScreen from '../../src/renderer/src/components/RecoveryScreen.svelte'
import type { StartState } from '../../src/shared/model/app'

const backend = new FakeBackend(5)
serveApp(backend)

const damaged: Extract<StartState, { state: 'damaged' }> = {
  state: 'damaged',
  problem: 'Part of Studbook’s data file is damaged.',
  backups: [
    {
      name: 'studbook-auto-2026-11-23T02-00-00.studbook',
      kind: 'auto',
      takenAt: '2026-11-23T02:00:00Z',
      bytes: 40960
    },
    {
      name: 'studbook-backup-2026-11-01T10-00-00.studbook',
      kind: 'backup',
      takenAt: '2026-11-01T10:00:00Z',
      bytes: 40960
    }
  ]
}

describe('the recovery screen for a damaged data file', () => {
  it('offers each backup and a fresh start; a choice is sent and the app starts over', async () => {
    let restarted = 0
    backend.override('app:recover', () => ({ state: 'ready', notice: 'Restored.' }))
    render(RecoveryScreen, { damaged, done: () => restarted++ })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/damaged/)
    expect(screen.getByText(/Automatic backup of/)).toBeTruthy()
    expect(screen.getByText(/Your backup of/)).toBeTruthy()
    expect(screen.getByText(/damaged file is kept/)).toBeTruthy()
    const restore = screen.getAllByRole('button', { name: 'Restore' })
    await fireEvent.click(restore[0] as HTMLElement)
    await settle()
    expect(backend.callsTo('app:recover').at(-1)).toEqual({
      choice: 'restore',
      backup: 'studbook-auto-2026-11-23T02-00-00.studbook'
    })
    expect(restarted).toBe(1)
    await fireEvent.click(screen.getByRole('button', { name: 'Start fresh' }))
    await settle()
    expect(backend.callsTo('app:recover').at(-1)).toEqual({ choice: 'fresh' })
  })

  it('a recovery that fails says why and stays on the screen', async () => {
    let restarted = 0
    backend.failures['app:recover'] = {
      code: 'not_found',
      message: 'That backup is no longer in the backups folder.',
      retryable: false
    }
    render(RecoveryScreen, { damaged, done: () => restarted++ })
    await fireEvent.click(screen.getAllByRole('button', { name: 'Restore' })[1] as HTMLElement)
    await settle()
    expect(screen.getByRole('alert').textContent).toContain('no longer in the backups folder')
    expect(restarted).toBe(0)
  })
})
