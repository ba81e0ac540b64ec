import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { startWebHost } from '../../src/main/hosts/web-server'
import type { WebHost } from '../../src/main/hosts/web-server'
import { fakeHandlers } from '../ipc/fake-handlers'
import { raw } from './raw-http'

/**
 * A browser's cookies for 127.0.0.1: cookies do not keep ports apart (RFC 6265 §8.5), so one jar
 * serves every port, a cookie is replaced by one of the same name, and all are sent everywhere.
 */
class LoopbackCookieJar {
  private readonly cookies = new Map<string, string>()

  take(setCookie: string | string[] | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

const hosts: WebHost[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function startHost(): Promise<WebHost> {
  const staticDir = mkdtempSync(join(tmpdir(), 'studbook-static-'))
  dirs.push(staticDir)
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Studbook</title>')
  const host = await startWebHost({
    app: {
      handlers: fakeHandlers().handlers,
      events: createEventBus(),
      media: () => Promise.resolve(null)
    },
    staticDir
  })
  hosts.push(host)
  return host
}

/** Opens the URL a host prints, as a tab would: the token is traded for a cookie. */
async function openTab(jar: LoopbackCookieJar, host: WebHost): Promise<void> {
  const path = new URL(host.url).pathname + new URL(host.url).search
  const first = await raw(host.port, path, { headers: { Cookie: jar.header() } })
  expect(first.status).toBe(302)
  jar.take(first.headers['set-cookie'])
}

async function signedIn(jar: LoopbackCookieJar, host: WebHost): Promise<boolean> {
  const reply = await raw(host.port, '/rpc/app:getInfo', {
    method: 'POST',
    headers: { Cookie: jar.header(), Origin: host.origin, 'Content-Type': 'application/json' },
    body: '{}'
  })
  return reply.status === 200
}

/** One browser's cookie jar, and two hosts it can open tabs on. */
async function twoHostsOneBrowser() {
  return { jar: new LoopbackCookieJar(), first: await startHost(), second: await startHost() }
}

describe('two browser hosts on two ports', () => {
  it('keep both tabs signed in', async () => {
    const { jar, first, second } = await twoHostsOneBrowser()
    await openTab(jar, first)
    expect(await signedIn(jar, first)).toBe(true)
    await openTab(jar, second)
    expect(await signedIn(jar, second)).toBe(true)
    expect(await signedIn(jar, first)).toBe(true)
  })

  it('accept only their own token: the other port’s cookie opens nothing', async () => {
    const { jar, first, second } = await twoHostsOneBrowser()
    await openTab(jar, first)
    expect(await signedIn(jar, second)).toBe(false)
  })
})
