import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import { makeAccounts } from '../../src/emulator/state'
import { createApp } from '../../src/main/app/compose'
import type { AppContext } from '../../src/main/app/compose'
import { createLogger, handlersTellingLog, logAppEvents } from '../../src/main/logging/index'
import type { Handlers } from '../../src/shared/ipc/contract'
import type { SyncStatus } from '../../src/shared/model/sync'

/**
 * Secrets never reach the log, end to end: the app composed as the hosts compose it, with its file log, signs in (once
 * with a wrong password), runs a full sync, then a sync whose service failure echoes every secret
 * back. The log must say what happened and hold none of the secrets, plain or URL-encoded.
 */
const SEED = 4
const dir = mkdtempSync(join(tmpdir(), 'studbook-log-redaction-'))
const logsDir = join(dir, 'logs')
const svc = createReferenceService({ sets: 120, seed: SEED })
let server: { url: string; close(): Promise<void> }
let app: AppContext
let handlers: Handlers
let stopLogging: () => void

const WRONG_PASSWORD = 'not-the-password-9'
function demoUser(seed: number) {
  const accounts = makeAccounts(seed)
  const demo = accounts.users[0]
  if (demo?.username !== 'demo') throw new Error('the reference service changed its demo account')
  return { apiKey: accounts.apiKeys[0] ?? '', password: demo.password, userHash: demo.userHash }
}
// Every secret the app holds or is given: this test's account, the embedded demo's sign-in (its
// API key is public, fixed by the embedded service; profiles.ts does not treat it as a secret), and
// the wrong password typed once.
const mine = demoUser(SEED)
const embedded = demoUser(1)
const secrets = [mine.apiKey, mine.password, mine.userHash, embedded.userHash]
secrets.push(WRONG_PASSWORD)

function nextSyncEnd(): Promise<SyncStatus> {
  return new Promise((resolve) => {
    let started = false
    const off = app.events.subscribe((name, payload) => {
      if (name !== 'sync:status') return
      const status = payload as SyncStatus
      if (status.running) started = true
      else if (started) {
        off()
        resolve(status)
      }
    })
  })
}

function logText(): string {
  return readdirSync(logsDir)
    .map((f) => readFileSync(join(logsDir, f), 'utf8'))
    .join('\n')
}

beforeAll(async () => {
  server = await listen(svc, { port: 0 })
  const log = createLogger({ dir: logsDir, source: 'host' })
  app = await createApp({ dataDir: dir, host: 'browser', log, autoSync: false, demoSets: 40 })
  stopLogging = logAppEvents(app.events, log)
  // As both hosts register them.
  handlers = handlersTellingLog(app.handlers, log)
})

afterAll(async () => {
  stopLogging()
  await app.close()
  await server.close()
  svc.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the log of a sign-in and a full sync', () => {
  it('tells what happened and holds no secret', async () => {
    const h = handlers
    await h['account:saveProfile']({
      baseUrl: server.url,
      apiKey: svc.demo.apiKey,
      binding: 'auto'
    })
    await expect(
      Promise.resolve().then(() =>
        h['account:signIn']({ username: 'demo', password: WRONG_PASSWORD })
      )
    ).rejects.toMatchObject({ code: 'invalid_credentials' })
    await h['account:signIn']({ username: svc.demo.username, password: svc.demo.password })

    const finished = nextSyncEnd()
    await h['sync:start']({ full: true })
    expect((await finished).error).toBeNull()

    // The service now fails every call, quoting the key, the password and the user hash back.
    const echo = secrets.join(' ')
    svc.admin.addFault({ kind: { type: 'soapFault', who: 'client', message: `Denied: ${echo}` } })
    const failed = nextSyncEnd()
    await h['sync:start']({ full: true })
    expect((await failed).error).not.toBeNull()
    svc.admin.clearFaults()

    const text = logText()
    // Not vacuous: the log has the story.
    expect(text).toMatch(/INFO {2}\[host\] account: custom profile at 127\.0\.0\.1:\d+, signed in/)
    expect(text).toMatch(/INFO {2}\[host\] sync finished \{"catalogueSets":120,/)
    expect(text).toMatch(/WARN {2}\[host\] sync failed: /)
    for (const secret of secrets) {
      expect(text).not.toContain(secret)
      expect(text).not.toContain(encodeURIComponent(secret))
    }
  })
})
