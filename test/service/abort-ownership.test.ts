import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import { createServiceClient } from '../../src/main/service/index'
import { send } from '../../src/main/service/transport'

/**
 * A request whose signal has already fired must settle as "cancelled" and leave nothing behind:
 * real fetch rejects such a request with an AbortError, and a promise nobody owns takes the whole
 * host process down (Node's default for an unhandled rejection).
 */
const unhandled: unknown[] = []
const record = (reason: unknown): void => {
  unhandled.push(reason)
}
beforeEach(() => {
  unhandled.length = 0
  process.on('unhandledRejection', record)
})
afterEach(() => {
  process.off('unhandledRejection', record)
})

/** Lets Node report any rejection left without a handler (it does so after the microtasks). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r))
}

let server: Server
let url = ''
beforeAll(async () => {
  // Never answers: the body stays open, so only the abort can end a read.
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/xml' })
    res.write('<a>')
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((r) => server.close(r))
})

describe('an already-aborted request', () => {
  it('send() rejects as cancelled and leaves no rejection unowned', async () => {
    const ac = new AbortController()
    ac.abort()
    const wire = { method: 'GET' as const, url: `${url}/x`, headers: {}, body: null }
    await expect(
      send((r) => fetch(r), wire, ac.signal, 1024, { operation: 'x' })
    ).rejects.toMatchObject({ code: 'cancelled' })
    await settle()
    expect(unhandled).toEqual([])
  })

  it('a client call with an aborted signal over real fetch leaves no rejection unowned', async () => {
    const svc = createReferenceService({ sets: 5, seed: 1 })
    const http = await listen(svc)
    try {
      const client = createServiceClient({
        profile: { baseUrl: http.url },
        secrets: () => ({ apiKey: svc.demo.apiKey })
      })
      const ac = new AbortController()
      ac.abort()
      await expect(client.v2.getThemes({}, { signal: ac.signal })).rejects.toMatchObject({
        code: 'cancelled'
      })
      await settle()
      expect(unhandled).toEqual([])
    } finally {
      await http.close()
      svc.close()
    }
  })
})
