import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import { setTransport } from '../../src/renderer/src/lib/api'
import type { Transport } from '../../src/renderer/src/lib/api'
import App from '../../src/renderer/src/App.svelte'
import { AppError } from '../../src/shared/errors'
import { fail } from '../../src/shared/ipc/result'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

/**
 * The window's first frames. The demo banner (and the sign-in ones) depend on the account's
 * answer, and they sit above the sidebar and the list: drawn after them, a banner pushed every
 * control down by its height, under a pointer already on its way. So nothing is drawn where a
 * banner would push it until the account has answered; the header, above the banners, is drawn
 * at once.
 */

/** The fake back end with `account:getStatus` held (or refused) until `answer()`. */
function heldAccount(backend: FakeBackend, refuse = false) {
  let release: () => void = () => undefined
  const held = new Promise<void>((r) => {
    release = r
  })
  const transport: Transport = {
    async invoke(channel, input) {
      if (channel === 'account:getStatus') {
        await held
        if (refuse) return fail(new AppError('internal', 'The store could not be read.').toJSON())
      }
      return backend.invoke(channel, input)
    },
    subscribe: (event, listener) => backend.subscribe(event, listener)
  }
  return { transport, answer: release }
}

afterEach(() => {
  cleanup()
})

describe('the first frames of the window', () => {
  it('draw the header at once, and the banner with the sidebar and the list, never after them', async () => {
    const backend = new FakeBackend(200)
    const { transport, answer } = heldAccount(backend)
    setTransport(transport)
    window.location.hash = '#/browse'
    render(App)
    await settle()
    // The search box is there to type in; nothing a banner could push is drawn yet.
    expect(screen.getByLabelText('Search sets')).toBeTruthy()
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(screen.queryByRole('grid')).toBeNull()
    expect(screen.queryByText('Demo catalogue.')).toBeNull()

    answer()
    await settle()
    expect(screen.getByText('Demo catalogue.')).toBeTruthy()
    expect(screen.getByRole('navigation')).toBeTruthy()
    expect(screen.getByRole('grid')).toBeTruthy()
  })

  it('draw the sidebar and the list when the account cannot be read, too', async () => {
    const backend = new FakeBackend(200)
    const { transport, answer } = heldAccount(backend, true)
    setTransport(transport)
    window.location.hash = '#/browse'
    render(App)
    answer()
    await settle()
    expect(screen.getByRole('navigation')).toBeTruthy()
    expect(screen.getByRole('grid')).toBeTruthy()
  })
})
