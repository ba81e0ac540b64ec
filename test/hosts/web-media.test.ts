import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { startWebHost } from '../../src/main/hosts/web-server'
import type { WebHost } from '../../src/main/hosts/web-server'
import { tokenCookieName } from '../../src/main/hosts/web-guard'
import { fakeHandlers } from '../ipc/fake-handlers'
import { raw } from './raw-http'
import type { RawInit, Reply } from './raw-http'
import { tempDirsOfFile } from '../temp-dirs'

const tempDir = tempDirsOfFile()

/** A request from the page: the host's token cookie, as the renderer sends it. */
function get(host: WebHost, path: string, init: RawInit = {}): Promise<Reply> {
  return raw(host.port, path, {
    ...init,
    headers: { Cookie: `${tokenCookieName(host.port)}=${host.token}`, ...init.headers }
  })
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"></svg>'
let host: WebHost
/** What the host did, in order: the picture lookups and the slow RPC's start and end. */
let log: string[]

beforeEach(async () => {
  const staticDir = tempDir('studbook-static-')
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Studbook</title>')
  const fake = fakeHandlers()
  log = []
  const handlers = {
    ...fake.handlers,
    'catalog:getSet': async (input: unknown) => {
      log.push('rpc start')
      await new Promise((r) => setTimeout(r, 60))
      log.push('rpc end')
      return input
    }
  } as typeof fake.handlers
  host = await startWebHost({
    app: {
      handlers,
      events: createEventBus(),
      media: (path) => {
        log.push(`media ${path}`)
        return Promise.resolve(
          path === 'media/thumb/1/7'
            ? { contentType: 'image/svg+xml', body: new TextEncoder().encode(SVG) }
            : null
        )
      }
    },
    staticDir
  })
})

afterEach(async () => {
  await host.close()
})

describe('browser host pictures', () => {
  it('lets the browser keep a picture and revalidate it by ETag', async () => {
    const first = await get(host, '/media/thumb/1/7')
    expect(first.status).toBe(200)
    expect(first.body).toBe(SVG)
    expect(first.headers['content-type']).toBe('image/svg+xml')
    expect(first.headers['cache-control']).toMatch(/^private, max-age=\d+$/)
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^".+"$/)
    const again = await get(host, '/media/thumb/1/7', { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(again.body).toBe('')
    const changed = await get(host, '/media/thumb/1/7', { headers: { 'If-None-Match': '"old"' } })
    expect(changed.status).toBe(200)
    expect(changed.body).toBe(SVG)
  })

  it('serves a picture opened directly as a sandboxed document without script', async () => {
    const reply = await get(host, '/media/thumb/1/7')
    const csp = String(reply.headers['content-security-policy'])
    expect(csp).toMatch(/(^|;\s*)sandbox(;|$)/)
    expect(csp).toContain("default-src 'none'")
    expect(reply.headers['x-content-type-options']).toBe('nosniff')
  })

  it('answers an unknown picture with 404', async () => {
    const reply = await get(host, '/media/thumb/1/8')
    expect(reply.status).toBe(404)
  })

  it('answers an RPC in flight before a picture asked for meanwhile', async () => {
    const rpc = get(host, '/rpc/catalog:getSet', {
      method: 'POST',
      headers: { Origin: host.origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ setID: 5 })
    })
    while (!log.includes('rpc start')) await new Promise((r) => setTimeout(r, 5))
    const picture = get(host, '/media/thumb/1/7')
    const [rpcReply, pictureReply] = await Promise.all([rpc, picture])
    expect(rpcReply.status).toBe(200)
    expect(pictureReply.status).toBe(200)
    expect(log).toEqual(['rpc start', 'rpc end', 'media media/thumb/1/7'])
  })
})
