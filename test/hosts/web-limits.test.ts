import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { startWebHost } from '../../src/main/hosts/web-server'
import type { WebHost } from '../../src/main/hosts/web-server'
import { tokenCookieName } from '../../src/main/hosts/web-guard'
import { fakeHandlers } from '../ipc/fake-handlers'
import { raw } from './raw-http'

/** Issue 26: what the browser host answers a call it cannot take. */

let host: WebHost
let staticDir: string
const fake = fakeHandlers()

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'studbook-static-'))
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Studbook</title>')
  host = await startWebHost({
    app: { handlers: fake.handlers, events: createEventBus(), media: () => Promise.resolve(null) },
    staticDir
  })
})

afterAll(async () => {
  await host.close()
  rmSync(staticDir, { recursive: true, force: true })
})

const signedIn = (): Record<string, string> => ({
  Cookie: `${tokenCookieName(host.port)}=${host.token}`,
  'Content-Type': 'application/json'
})

describe('the browser host, given a call it cannot take', () => {
  it('answers 413 to a body over 25 MB, and the connection lives to say so', async () => {
    const body = `{"text":"${'x'.repeat(26 * 1024 * 1024)}"}`
    const reply = await raw(host.port, '/rpc/catalog:search', {
      method: 'POST',
      headers: signedIn(),
      body
    })
    expect(reply.status).toBe(413)
    expect(fake.spies['catalog:search']).not.toHaveBeenCalled()
    // The host still answers afterwards.
    const next = await raw(host.port, '/rpc/views:list', {
      method: 'POST',
      headers: signedIn(),
      body: '{}'
    })
    expect(next.status).toBe(200)
  })

  it('answers a channel name that does not decode as it answers an unknown channel', async () => {
    for (const path of ['/rpc/%', '/rpc/%E0%A4%A', '/rpc/views%3Alist%']) {
      const reply = await raw(host.port, path, { method: 'POST', headers: signedIn(), body: '{}' })
      expect(reply.status, path).toBe(200)
      expect(JSON.parse(reply.body), path).toMatchObject({
        ok: false,
        error: { code: 'forbidden' }
      })
    }
  })
})
