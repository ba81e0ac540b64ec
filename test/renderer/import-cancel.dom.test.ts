import { describe, expect, it } from 'vitest'
import { fireEvent, screen } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import type { Transport } from '../../src/renderer/src/lib/api'
import type { Result } from '../../src/shared/ipc/result'

/**
 * A preview main is still reading: the screen shows how far it is and a Cancel that a keyboard
 * reaches first; cancelling asks main to stop that very preview and leaves no preview behind.
 */
const backend = new FakeBackend(40)
let answer: ((r: Result<never>) => void) | null = null
const cancels: unknown[] = []

/** An answer for a channel whose type the generic signature cannot name. */
const reply = (value: unknown): never => Promise.resolve({ ok: true, value }) as never

const transport: Transport = {
  invoke(channel, input) {
    if (channel === 'exchange:previewImport') {
      backend.calls.push({ channel, input })
      return new Promise((resolve) => {
        answer = resolve
      })
    }
    if (channel === 'exchange:importProgress') {
      return reply({ stage: 'reading', done: 40, total: 100 })
    }
    if (channel === 'exchange:cancelImport') {
      cancels.push(input)
      answer?.({
        ok: false,
        error: { code: 'cancelled', message: 'cancelled', retryable: false }
      })
      return reply({ cancelled: true })
    }
    return backend.invoke(channel, input)
  },
  subscribe: (event, listener) => backend.subscribe(event, listener)
}

serveApp(transport)

describe('an import preview that is still reading', () => {
  it('shows progress and a focused Cancel that stops that preview', async () => {
    await openApp('#/exchange')
    const file = new File(['Number,Qty owned\n10179-1,1\n'], 'big.csv', { type: 'text/csv' })
    await fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [file] } })
    await settle(10)
    const cancel = screen.getByRole('button', { name: 'Cancel preview' })
    expect(document.activeElement).toBe(cancel)
    expect(screen.getByRole('progressbar', { name: 'Import preview progress' })).toBeTruthy()
    const asked = backend.callsTo('exchange:previewImport')[0] as { jobId?: string }
    expect(asked.jobId).toMatch(/.+/)

    await fireEvent.keyDown(cancel, { key: 'Escape' })
    await settle(10)
    expect(cancels).toEqual([{ jobId: asked.jobId }])
    expect(screen.queryByRole('button', { name: 'Cancel preview' })).toBeNull()
    expect(screen.queryByRole('table', { name: 'Changes' })).toBeNull()
    expect(document.body.textContent).toContain('Import cancelled; nothing was changed.')
  })
})
