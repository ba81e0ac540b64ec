import { describe, expect, it } from 'vitest'
import { fireEvent, screen } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { item } from './result-list'

serveApp(new FakeBackend(60), { route: '#/browse' })

describe('the results grid and the pointer', () => {
  it('a click anywhere on a row or card puts the keyboard there, in both layouts', async () => {
    await openApp()
    const grid = screen.getByRole('grid')
    await fireEvent.click(item(3).querySelector('.number') ?? item(3))
    expect(grid.getAttribute('aria-activedescendant')).toBe('item-3')
    await fireEvent.keyDown(grid, { key: 'ArrowDown' })
    expect(grid.getAttribute('aria-activedescendant')).toBe('item-4')

    await fireEvent.click(screen.getByRole('button', { name: 'Grid' }))
    await settle()
    const cards = screen.getByRole('grid')
    await fireEvent.click(item(1).querySelector('.meta') ?? item(1))
    expect(cards.getAttribute('aria-activedescendant')).toBe('item-1')
    // The row's own buttons still act as themselves.
    await fireEvent.click(screen.getAllByRole('button', { name: 'Wanted' })[0] ?? cards)
    await settle()
    expect(item(0).querySelector('[aria-pressed="true"]')?.textContent).toBe('Wanted')
  })
})
