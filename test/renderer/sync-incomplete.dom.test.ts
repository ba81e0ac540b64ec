import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

const backend = new FakeBackend(20)

serveApp(backend, { route: '#/browse' })

describe('a catalogue pull the service stopped early', () => {
  it('says the catalogue is incomplete instead of synced', async () => {
    await openApp()
    expect(screen.getByTestId('pending').textContent.trim()).toBe('All synced')
    const catalogueIncomplete = { got: 700, expected: 2000 }
    backend.emit('sync:status', { ...backend.status, catalogueIncomplete })
    await settle()
    const text = `Catalogue incomplete: ${(700).toLocaleString()} of ${(2000).toLocaleString()} sets`
    expect(screen.getByTestId('pending').textContent.trim()).toBe(text)
    window.location.hash = '#/sync'
    await settle()
    expect(screen.getByTestId('catalogue-count').textContent.trim()).toBe(text)
    backend.emit('sync:status', { ...backend.status, catalogueIncomplete: null })
    await settle()
    expect(screen.getByTestId('pending').textContent.trim()).toBe('All synced')
  })
})
