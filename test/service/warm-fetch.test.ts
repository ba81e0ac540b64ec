import { createServer } from 'node:http'
import { connect } from 'node:net'
import { describe, expect, it, vi } from 'vitest'
import { warmFetch } from '../../src/main/service/warm-fetch'

/**
 * The start-up's one loopback exchange (issue #25: a connect's first request compiled Node's fetch
 * on the thread that answers, 34-52 ms; bench/stalls.ts measures the stall). What a user relies on
 * here: it talks to nobody but itself, leaves nothing open, and never holds up or stops the start.
 */
describe('warming Node’s fetch at start-up', () => {
  it('makes one exchange with a server of its own on 127.0.0.1, and leaves no server or socket open', async () => {
    const seen: string[] = []
    const real = globalThis.fetch
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      seen.push(String(input instanceof Request ? input.url : input))
      return real(input, init)
    })
    try {
      await warmFetch()
    } finally {
      spy.mockRestore()
    }
    expect(seen).toHaveLength(1)
    const url = seen[0] ?? ''
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    // Nothing listens there any more once it has returned.
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve('connected')
      })
      socket.once('error', (e: NodeJS.ErrnoException) => {
        resolve(e.code ?? 'error')
      })
    })
    expect(refused).toBe('ECONNREFUSED')
  })

  it('gives up on an answer that never comes, and does not throw', async () => {
    // A fetch that never settles stands for a loopback that hangs (a host firewall, a stuck stack).
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => {
            reject(new DOMException('timed out', 'TimeoutError'))
          })
        )
    )
    try {
      await expect(warmFetch(50)).resolves.toBeUndefined()
    } finally {
      spy.mockRestore()
    }
  })

  it('does not throw when it cannot listen at all', async () => {
    const spy = vi.spyOn(globalThis, 'fetch')
    // Listening refused: the first real request will pay, as before.
    const listen = vi
      .spyOn(createServer().constructor.prototype as { listen: () => unknown }, 'listen')
      .mockImplementation(function (this: { emit: (e: string, x: unknown) => void }) {
        setImmediate(() => {
          this.emit('error', new Error('EACCES'))
        })
        return this
      })
    try {
      await expect(warmFetch()).resolves.toBeUndefined()
      expect(spy).not.toHaveBeenCalled()
    } finally {
      listen.mockRestore()
      spy.mockRestore()
    }
  })
})
