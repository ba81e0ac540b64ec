import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setTransport, tryCall } from '../../src/renderer/src/lib/api'

/**
 * Issue 25, item 5: the browser sends each call as a POST, and does not send a POST again when the
 * kept-alive connection it went out on was being closed by the host. A read is sent once more; a
 * write is not (the host may have done it before the connection dropped).
 */

const answer = (value: unknown): Response =>
  new Response(JSON.stringify({ ok: true, value }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' }
  })

/** fetch as the browser gives it: rejects with a TypeError when the connection drops. */
function dropping(times: number, value: unknown) {
  let left = times
  return vi.fn(() => {
    if (left-- > 0) return Promise.reject(new TypeError('Failed to fetch'))
    return Promise.resolve(answer(value))
  })
}

beforeEach(() => {
  // No preload bridge in jsdom: the client talks HTTP, as in the browser host.
  setTransport(null)
})
afterEach(() => {
  vi.unstubAllGlobals()
  setTransport(null)
})

describe('the HTTP client after a dropped connection', () => {
  it('sends a read once more and answers with it', async () => {
    const fetch = dropping(1, [])
    vi.stubGlobal('fetch', fetch)
    expect(await tryCall('views:list', {})).toEqual({ ok: true, value: [] })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('sends a read only once more: a second drop is offline', async () => {
    const fetch = dropping(2, [])
    vi.stubGlobal('fetch', fetch)
    expect(await tryCall('catalog:search', { text: '' })).toMatchObject({
      ok: false,
      error: { code: 'offline' }
    })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('never sends a write again', async () => {
    const fetch = dropping(1, null)
    vi.stubGlobal('fetch', fetch)
    const r = await tryCall('collection:updateSet', { setID: 1, patch: { owned: true } })
    expect(r).toMatchObject({ ok: false, error: { code: 'offline' } })
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
