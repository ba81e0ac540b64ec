import { writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { networkInterfaces } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEventBus } from '../../src/main/ipc/event-bus'
import type { EventBus } from '../../src/main/ipc/event-bus'
import { startWebHost } from '../../src/main/hosts/web-server'
import type { WebHost } from '../../src/main/hosts/web-server'
import { tokenCookieName } from '../../src/main/hosts/web-guard'
import { fakeHandlers } from '../ipc/fake-handlers'
import { asBytesCall } from '../../src/shared/ipc/file-wire'
import { raw } from './raw-http'
import { tempDirsOfFile } from '../temp-dirs'

const tempDir = tempDirsOfFile()

let host: WebHost
let events: EventBus
let spies: ReturnType<typeof fakeHandlers>['spies']
let cookie: string

beforeEach(async () => {
  const staticDir = tempDir('studbook-static-')
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Studbook</title>')
  const fake = fakeHandlers()
  spies = fake.spies
  events = createEventBus()
  host = await startWebHost({
    app: { handlers: fake.handlers, events, media: () => Promise.resolve(null) },
    staticDir
  })
  cookie = `${tokenCookieName(host.port)}=${host.token}`
})

afterEach(async () => {
  await host.close()
})

/** An import preview's call as the renderer sends one with a file: `body` as the bytes. */
function upload(input: Record<string, unknown>, body: Uint8Array) {
  return raw(host.port, '/rpc/exchange:previewImport', {
    method: 'POST',
    headers: {
      Cookie: cookie,
      'Content-Type': 'application/octet-stream',
      'X-Studbook-Fields': asBytesCall(input)?.header ?? ''
    },
    body
  })
}

describe('browser host', () => {
  it('answers 401 without the token, for pages and RPC alike', async () => {
    expect((await raw(host.port, '/')).status).toBe(401)
    const rpc = await raw(host.port, '/rpc/catalog:listThemes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}'
    })
    expect(rpc.status).toBe(401)
    expect(
      (await raw(host.port, '/', { headers: { Cookie: `${tokenCookieName(host.port)}=guess` } }))
        .status
    ).toBe(401)
    expect(spies['catalog:listThemes']).not.toHaveBeenCalled()
  })

  it('trades the token in the URL for an HttpOnly cookie, then serves the app with its CSP', async () => {
    const first = await raw(host.port, `/?token=${host.token}`)
    expect(first.status).toBe(302)
    expect(first.headers.location).toBe('/')
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/)
    const page = await raw(host.port, '/', { headers: { Cookie: cookie } })
    expect(page.status).toBe(200)
    expect(page.body).toContain('<title>Studbook</title>')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['content-security-policy']).toContain("object-src 'none'")
  })

  it('answers 403 to a foreign Host (DNS rebinding) even with the token', async () => {
    const reply = await raw(host.port, '/', {
      headers: { Cookie: cookie, Host: `evil.example:${host.port}` }
    })
    expect(reply.status).toBe(403)
  })

  it('answers 403 to a foreign or opaque Origin and never runs the handler', async () => {
    for (const origin of ['https://evil.example', `http://evil.example:${host.port}`, 'null']) {
      const reply = await raw(host.port, '/rpc/catalog:listThemes', {
        method: 'POST',
        headers: { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json' },
        body: '{}'
      })
      expect(reply.status, origin).toBe(403)
    }
    expect(spies['catalog:listThemes']).not.toHaveBeenCalled()
  })

  it('serves the contract over POST /rpc/<channel> from its own origin', async () => {
    const reply = await raw(host.port, '/rpc/catalog:getSet', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: host.origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ setID: 5 })
    })
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body)).toEqual({
      ok: true,
      value: { channel: 'catalog:getSet', input: { setID: 5 } }
    })
  })

  it('turns malformed JSON and bad input into invalid_input without calling the handler', async () => {
    for (const body of ['{not json', JSON.stringify({ setID: 'five' })]) {
      const reply = await raw(host.port, '/rpc/catalog:getSet', {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body
      })
      expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    }
    expect(spies['catalog:getSet']).not.toHaveBeenCalled()
  })

  it('refuses form posts (no CSRF through simple requests)', async () => {
    const reply = await raw(host.port, '/rpc/catalog:listThemes', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=1'
    })
    expect(reply.status).toBe(415)
  })

  it('takes a file as its bytes, gathered in 1 MB parts, with the call’s fields from the header', async () => {
    const file = Buffer.alloc(2_500_000)
    for (let i = 0; i < file.length; i++) file[i] = (i * 7) % 251
    const reply = await upload({ format: 'collection', data: [file], jobId: 'Ünïcode job' }, file)
    expect(JSON.parse(reply.body)).toMatchObject({ ok: true })
    const input = spies['exchange:previewImport'].mock.calls[0]?.[0] as {
      data: Uint8Array[]
      format: string
      jobId: string
    }
    expect({ format: input.format, jobId: input.jobId }).toEqual({
      format: 'collection',
      jobId: 'Ünïcode job'
    })
    expect(input.data.map((p) => p.byteLength)).toEqual([1 << 20, 1 << 20, 2_500_000 - (2 << 20)])
    expect(Buffer.concat(input.data).equals(file)).toBe(true)
  })

  it.each([
    ['no header', {}],
    ['a header that is not ours', { 'X-Studbook-Fields': '%7B%22a%22%3A1%7D' }],
    ['a header that does not decode', { 'X-Studbook-Fields': '%E0%A4%A' }]
  ])('refuses a file with %s as invalid input, calling nothing', async (_, extra) => {
    const reply = await raw(host.port, '/rpc/exchange:previewImport', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/octet-stream', ...extra },
      body: Buffer.from('Number\n10179-1\n')
    })
    expect(JSON.parse(reply.body)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'The file came without the fields of its call.' }
    })
    expect(spies['exchange:previewImport']).not.toHaveBeenCalled()
  })

  it('answers 413 to a file over the request limit, calling nothing', async () => {
    // The header names a 1-byte file; the body is what counts.
    const reply = await upload(
      { format: 'collection', data: [new Uint8Array(1)] },
      Buffer.alloc(26 * 1024 * 1024)
    )
    expect(reply.status).toBe(413)
    expect(spies['exchange:previewImport']).not.toHaveBeenCalled()
  })

  it('never serves files outside the renderer folder', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc%2fpasswd'
    ]) {
      const reply = await raw(host.port, path, { headers: { Cookie: cookie } })
      expect(reply.status, path).toBe(404)
    }
  })

  it('pushes events to subscribers as server-sent events', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: '/events',
          headers: { Host: `127.0.0.1:${host.port}`, Cookie: cookie }
        },
        (res) => {
          expect(res.headers['content-type']).toContain('text/event-stream')
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (c: string) => {
            text += c
            if (text.includes('connected')) {
              events.emit('data:changed', { scope: 'collection', setIDs: [7] })
            }
            if (text.includes('event: data:changed')) {
              req.destroy()
              resolve(text)
            }
          })
        }
      )
      req.on('error', reject)
      req.end()
    })
    expect(received).toContain('data: {"scope":"collection","setIDs":[7]}')
  })

  it('listens on 127.0.0.1 only', async () => {
    expect(host.origin).toBe(`http://127.0.0.1:${host.port}`)
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)
    if (external) {
      await expect(raw(host.port, '/', { host: external.address })).rejects.toThrow(/ECONNREFUSED/)
    }
    await expect(raw(host.port, '/', { host: '::1' })).rejects.toThrow(/ECONNREFUSED|EADDRNOTAVAIL/)
  })
})
