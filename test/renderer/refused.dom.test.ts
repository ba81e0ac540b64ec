import { describe, expect, it } from 'vitest'
import { fireEvent, screen } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import type { ChannelName } from '../../src/shared/ipc/contract'

/**
 * Issue #14 item 8: a browser host restarted under an open tab refuses it (its pass is gone).
 * The tab says so once, explains how to get a new pass, and its Try again really checks again.
 */

const backend = new FakeBackend(20)
const REFUSED = {
  code: 'forbidden',
  message: 'This page is not allowed to talk to Studbook.',
  retryable: false,
  detail: { status: 401 }
} as const
const CHANNELS: ChannelName[] = [
  'catalog:search',
  'app:getInfo',
  'account:getStatus',
  'sync:getStatus',
  'flags:getLabels'
]

serveApp(backend)

describe('a tab the browser host no longer knows', () => {
  it('explains what happened and what to do, and Try again asks the host again', async () => {
    for (const c of CHANNELS) backend.failures[c] = REFUSED
    await openApp('#/browse', 8)
    const screenText = (): string => document.body.textContent.replace(/\s+/g, ' ')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This tab lost its connection to Studbook'
    )
    expect(screenText()).toContain('Studbook was restarted')
    expect(screenText()).toContain('?token=')
    // One screen for the whole tab, not a list pretending there are no sets.
    expect(screen.queryByTestId('result-count')).toBeNull()

    const probes = backend.callsTo('app:getInfo').length
    await fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await settle()
    expect(backend.callsTo('app:getInfo').length).toBe(probes + 1)
    expect(screen.getByRole('status').textContent).toContain('Still refused')
    backend.failures = {}
  })
})
