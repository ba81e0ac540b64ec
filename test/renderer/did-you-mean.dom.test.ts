import { describe, expect, it } from 'vitest'
import { fireEvent, screen } from '@testing-library/svelte'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../src/shared/ipc/contract'
import type { Result } from '../../src/shared/ipc/result'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

/** Issue #28 item 3: when the text as typed matches nothing, the list offers the likely spelling. */

/** The fake back end, answering "galeon" as the app's search does: nothing exact, a suggestion. */
class Suggesting extends FakeBackend {
  readonly asked: string[] = []
  override invoke<K extends ChannelName>(
    channel: K,
    input: ChannelInput<K>
  ): Promise<Result<ChannelOutput<K>>> {
    if (channel === 'catalog:search') {
      const text = (input as ChannelInput<'catalog:search'>).text ?? ''
      this.asked.push(text)
      if (text === 'galeon') {
        const value = { total: 0, offset: 0, rows: [], facets: null, didYouMean: 'galleon' }
        return Promise.resolve({ ok: true, value } as Result<ChannelOutput<K>>)
      }
    }
    return super.invoke(channel, input)
  }
}

const backend = new Suggesting(50)

serveApp(backend, { route: '#/browse' })

describe('did you mean', () => {
  it('offers the suggestion, and clicking it searches for it', async () => {
    await openApp()
    expect(screen.queryByText(/Did you mean/)).toBeNull()
    const box = screen.getByRole('searchbox')
    await fireEvent.input(box, { target: { value: 'galeon' } })
    await settle()
    expect(screen.getByText(/Did you mean/)).toBeTruthy()
    await fireEvent.click(screen.getByRole('button', { name: 'galleon' }))
    await settle()
    expect((box as HTMLInputElement).value).toBe('galleon')
    expect(backend.asked.at(-1)).toBe('galleon')
    expect(screen.queryByText(/Did you mean/)).toBeNull()
  })
})
