import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/svelte'
import { openApp, openSetPage, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

/** Issue #14 item 8: focus follows the user, a skip link, and a shortcuts sheet. */

const backend = new FakeBackend(60)

serveApp(backend)

async function browse(): Promise<HTMLElement> {
  await openApp('#/browse', 8)
  return screen.getByRole('grid')
}

/** Elements Tab reaches, in order (no layout in jsdom: document order and tabindex). */
function tabStops(): HTMLElement[] {
  const all = document.querySelectorAll<HTMLElement>(
    'a[href], button, input, select, textarea, [tabindex]'
  )
  return [...all].filter((el) => el.tabIndex >= 0 && !el.hasAttribute('disabled'))
}

describe('focus follows the user', () => {
  it('moves focus to the set on Enter and back to the same row on Escape', async () => {
    const grid = await browse()
    grid.focus()
    for (let i = 0; i < 4; i++) await fireEvent.keyDown(grid, { key: 'ArrowDown' })
    await fireEvent.keyDown(grid, { key: 'Enter' })
    await settle(8)
    const set = backend.sets[4]
    if (!set) throw new Error('the fake catalogue holds more than five sets')
    const heading = screen.getByRole('heading', { level: 1, name: set.name })
    expect(document.activeElement).toBe(heading)
    await fireEvent.keyDown(document.activeElement ?? window, { key: 'Escape' })
    await settle(8)
    const back = screen.getByRole('grid')
    expect(document.activeElement).toBe(back)
    expect(back.getAttribute('aria-activedescendant')).toBe('item-4')
  })

  it('gives focus back to the button that opened a dialog when it closes', async () => {
    await openSetPage(3)
    const add = screen.getByRole('button', { name: 'Add copy' })
    add.focus()
    await fireEvent.click(add)
    await settle()
    const dialog = screen.getByRole('dialog', { name: 'Add a copy' })
    // As in a browser, the open modal dialog holds the focus.
    within(dialog).getByLabelText('Date acquired').focus()
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add copy' }))
  })
})

describe('skip link', () => {
  it('is the first Tab stop and takes the keyboard straight to the results', async () => {
    await browse()
    const first = tabStops()[0]
    expect(first?.textContent).toBe('Skip to results')
    await fireEvent.click(first as HTMLElement)
    await settle()
    expect(document.activeElement).toBe(screen.getByRole('grid'))
  })
})

describe('the shortcuts sheet', () => {
  it('opens with ? and lists every list shortcut, and not while typing', async () => {
    await browse()
    const search = screen.getByLabelText('Search sets')
    search.focus()
    await fireEvent.keyDown(search, { key: '?' })
    await settle()
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull()
    document.body.focus()
    await fireEvent.keyDown(document.body, { key: '?' })
    await settle()
    const sheet = screen.getByRole('dialog', { name: 'Keyboard shortcuts' })
    const text = sheet.textContent.replace(/\s+/g, ' ')
    for (const line of [
      'O Mark owned / not owned',
      'W Mark wanted / not wanted',
      '+ One more owned',
      '- One fewer owned',
      'Ctrl+A Select every set in the list',
      'Space Select or unselect this set (and Ctrl-click)',
      '/ Search',
      '? This list',
      'Ctrl+Shift+S Back up…',
      'Ctrl+Shift+O Restore…',
      'Ctrl+O Import…',
      'Ctrl+Shift+E Export…'
    ]) {
      expect(text).toContain(line)
    }
  })

  it('opens from Help in the sidebar too', async () => {
    await browse()
    await fireEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }))
    await settle()
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy()
  })
})
