import { describe, expect, it } from 'vitest'
import { fireEvent, within } from '@testing-library/svelte'
import { openSetPage, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

const backend = new FakeBackend(20)
serveApp(backend)

describe("a set's images", () => {
  it('shows each image the service lists, the same picture twice included', async () => {
    // Production lists a set's pictures by position: nothing says one URL comes only once.
    const a = { thumbnail: 'https://example.com/a-t.jpg', image: 'https://example.com/a.jpg' }
    const b = { thumbnail: 'https://example.com/b-t.jpg', image: 'https://example.com/b.jpg' }
    backend.override('catalog:getSetExtras', ({ setID }) => ({
      setID,
      images: [a, b, a],
      instructions: [],
      reviews: [],
      fetchedAt: '2026-11-28T10:00:00.000Z'
    }))
    const page = await openSetPage(3)
    const strip = within(page).getByRole('group', { name: 'Choose image' })
    const buttons = within(strip).getAllByRole('button')
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Image 1',
      'Image 2',
      'Image 3'
    ])
    await fireEvent.click(buttons[2] as HTMLElement)
    await settle()
    expect(
      within(page)
        .getByRole('img', { name: /image 3 of 3/ })
        .getAttribute('src')
    ).toBe(a.image)
  })
})
