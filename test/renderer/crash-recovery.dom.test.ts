import { describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import { serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import App from '../../src/renderer/src/App.svelte'

/**
 * After the Electron shell reloads a crashed window (test/shell/crash-handlers.test.ts), the page
 * says what happened and puts back the typing, which session storage kept outside the renderer.
 */
const backend = new FakeBackend(20)
const SET = 5

serveApp(backend)

/** Loads the page at a route, as the shell's loadURL would (the route state follows the hash). */
async function load(search: string, hash: string): Promise<void> {
  window.history.replaceState(null, '', `/index.html${search}#/`)
  window.location.hash = hash
  await settle()
  render(App)
  await settle(8)
}

async function openSet(search = ''): Promise<HTMLElement> {
  await load(search, `#/browse/set/${SET}`)
  return screen.getByRole('article')
}

describe('a window reloaded after its renderer crashed', () => {
  it('shows a notice once and puts the unsaved notes back', async () => {
    let page = await openSet()
    expect(screen.queryByTestId('crash-notice')).toBeNull()
    const notes = within(page).getByRole('textbox', { name: /^Notes/ })
    notes.focus()
    await fireEvent.input(notes, { target: { value: 'half a thought about the minifigs' } })
    // The renderer dies before the notes are saved (no blur); the shell reloads with the reason.
    cleanup()
    page = await openSet('?recovered=crashed')

    const notice = screen.getByTestId('crash-notice')
    expect(notice.textContent).toContain("Studbook's window stopped unexpectedly (crashed)")
    expect(notice.textContent).toContain('what you were typing has been put back')
    const again = within(page).getByRole('textbox', { name: /^Notes/ })
    expect(again).toHaveProperty('value', 'half a thought about the minifigs')
    // Put back as typing, so leaving the field saves it as usual.
    await fireEvent.blur(again)
    await settle()
    expect(backend.callsTo('collection:updateSet').map((c) => c.patch)).toContainEqual({
      notes: 'half a thought about the minifigs'
    })
    // The reason leaves the address: a later reload is a fresh start.
    expect(window.location.search).toBe('')
    expect(window.location.hash).toBe(`#/browse/set/${SET}`)
  })

  it('a fresh start drops old drafts and shows no notice', async () => {
    let page = await openSet()
    const notes = within(page).getByRole('textbox', { name: /^Notes/ })
    notes.focus()
    await fireEvent.input(notes, { target: { value: 'typed, then the app was restarted' } })
    cleanup()
    page = await openSet()
    expect(screen.queryByTestId('crash-notice')).toBeNull()
    expect(within(page).getByRole('textbox', { name: /^Notes/ })).not.toHaveProperty(
      'value',
      'typed, then the app was restarted'
    )
    cleanup()
    await openSet('?recovered=oom')
    expect(
      within(screen.getByRole('article')).getByRole('textbox', { name: /^Notes/ })
    ).not.toHaveProperty('value', 'typed, then the app was restarted')
  })

  it('never keeps what is typed into a password field', async () => {
    await load('', '#/settings')
    for (const field of document.querySelectorAll<HTMLInputElement>('input[type=password]')) {
      field.focus()
      await fireEvent.input(field, { target: { value: 'S3CRET-KEY-123' } })
    }
    expect(document.querySelectorAll('input[type=password]').length).toBeGreaterThan(0)
    expect(JSON.stringify(window.sessionStorage)).not.toContain('S3CRET-KEY-123')
    expect(Object.keys(window.sessionStorage).join()).not.toContain('S3CRET')
  })
})
