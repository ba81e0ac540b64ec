import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/svelte'
import App from '../../src/renderer/src/App.svelte'
import { setTransport } from '../../src/renderer/src/lib/api'
import { AppError } from '../../src/shared/errors'
import { serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { HeldTransport, toChannels } from './held-transport'

/**
 * The window's first frames. The demo banner (and the sign-in ones) depend on the account's
 * answer, and they sit above the sidebar and the list: drawn after them, a banner pushed every
 * control down by its height, under a pointer already on its way. So nothing is drawn where a
 * banner would push it until the account has answered; the header, above the banners, is drawn
 * at once.
 */

const account = toChannels('account:getStatus')
const transport = new HeldTransport(new FakeBackend(200), account)
serveApp(transport, { route: '#/browse' })

describe('the first frames of the window', () => {
  it('draw the header at once, and the banner with the sidebar and the list, never after them', async () => {
    render(App)
    await settle()
    // The search box is there to type in; nothing a banner could push is drawn yet.
    expect(screen.getByLabelText('Search sets')).toBeTruthy()
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(screen.queryByRole('grid')).toBeNull()
    expect(screen.queryByText('Demo catalogue.')).toBeNull()

    transport.answer(account)
    await settle()
    expect(screen.getByText('Demo catalogue.')).toBeTruthy()
    expect(screen.getByRole('navigation')).toBeTruthy()
    expect(screen.getByRole('grid')).toBeTruthy()
  })

  it('draw the sidebar and the list when the account cannot be read, too', async () => {
    const refusing = new FakeBackend(200)
    refusing.override('account:getStatus', () => {
      throw new AppError('internal', 'The store could not be read.')
    })
    const held = new HeldTransport(refusing, account)
    setTransport(held)
    render(App)
    await settle()
    held.answer(account)
    await settle()
    expect(screen.getByRole('navigation')).toBeTruthy()
    expect(screen.getByRole('grid')).toBeTruthy()
  })
})
