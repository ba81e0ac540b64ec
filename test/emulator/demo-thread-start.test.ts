import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import { createApp } from '../../src/main/app/compose'
import type { AppContext } from '../../src/main/app/compose'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { Result } from '../../src/shared/ipc/result'
import type { AccountStatus } from '../../src/shared/model/account'
import type { SyncStatus } from '../../src/shared/model/sync'

// Issue #25: the demo's reference service is a thread with its own heap (40-60 MB of the host's
// RSS at 20,000 sets) and a catalogue to build. A user who connects their own service at first
// run never uses the demo, so it must not start for them: it starts with the demo's first call.
// The thread opens the service's file in the data folder as it starts, so the file tells.

const dirs: string[] = []
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of closers.splice(0)) await c()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function app(): Promise<{ app: AppContext; demoFile: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'studbook-demo-start-'))
  dirs.push(dir)
  const a = await createApp({
    dataDir: dir,
    host: 'browser',
    demoSets: 200,
    autoSync: false,
    credentials: 'memory'
  })
  closers.push(() => a.close())
  return { app: a, demoFile: join(dir, 'demo-service.db') }
}

async function call<T>(a: AppContext, channel: string, input: unknown = {}): Promise<T> {
  const r = (await dispatch(a.handlers, channel, input)) as Result<T>
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value
}

async function syncToEnd(a: AppContext): Promise<SyncStatus> {
  await call(a, 'sync:start', { full: true })
  for (;;) {
    const s = await call<SyncStatus>(a, 'sync:getStatus')
    if (!s.running) return s
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('the demo service thread', () => {
  it('is not started by a first run that connects its own service and syncs', async () => {
    const svc = createReferenceService({ sets: 300, seed: 3 })
    const server = await listen(svc)
    closers.push(() => server.close())
    const { app: a, demoFile } = await app()
    // The demo is the first profile, signed in as ever.
    const account = await call<AccountStatus>(a, 'account:getStatus')
    expect(account.signedIn && account.username).toBe('demo')
    await call(a, 'account:saveProfile', { baseUrl: server.url, apiKey: svc.demo.apiKey })
    const status = await syncToEnd(a)
    expect(status.error).toBeNull()
    expect(status.catalogueSets).toBe(300)
    expect(existsSync(demoFile)).toBe(false)
  })

  it('starts with the demo’s first call, and its sync brings the demo collection', async () => {
    const { app: a, demoFile } = await app()
    expect(existsSync(demoFile)).toBe(false)
    const status = await syncToEnd(a)
    expect(status.error).toBeNull()
    expect(status.catalogueSets).toBe(200)
    expect(existsSync(demoFile)).toBe(true)
    // Signed in: the demo's own collection arrived with the catalogue.
    const owned = await call<{ total: number }>(a, 'catalog:search', { owned: true })
    expect(owned.total).toBeGreaterThan(0)
  })
})
