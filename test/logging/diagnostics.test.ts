import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createLogger, diagnosticsText } from '../../src/main/logging/index'
import type { AccountStatus } from '../../src/shared/model/account'
import type { SyncStatus } from '../../src/shared/model/sync'

const dir = mkdtempSync(join(tmpdir(), 'studbook-diagnostics-'))
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

const account: AccountStatus = {
  profile: 'custom',
  baseUrl: 'https://bricks.example.org/api',
  binding: 'soap11',
  apiKeySet: true,
  signedIn: true,
  signInNeeded: null,
  username: 'alice',
  keychain: 'memory',
  remembered: false,
  keychainMessage: 'Sign-ins kept in memory: the system keychain is locked (locked collection).',
  problem: null
}
const sync: SyncStatus = {
  running: false,
  phase: 'done',
  done: 0,
  total: 0,
  lastSyncAt: '2026-11-23T09:00:00.000Z',
  outcome: 'complete',
  online: true,
  connected: true,
  error: null,
  pending: 2,
  needsAttention: 1,
  conflicts: 0,
  allowance: { limit: null, used: 0, remaining: null },
  catalogueSets: 18000,
  catalogueIncomplete: null
}

describe('diagnostics', () => {
  it('says what a bug report needs and nothing secret', () => {
    const log = createLogger({ dir, source: 'main' })
    const key = 'AB12-CD34-EF56'
    log.keepSecret(key)
    log.warn(`service said: key ${key} unknown`)
    const text = log.clean(
      diagnosticsText({
        version: '0.1.0',
        host: 'electron',
        packaged: true,
        platform: 'linux',
        arch: 'x64',
        osRelease: '6.8.0',
        versions: { electron: '45.4.1', node: '22.20.0', chrome: '140.0' },
        dataDir: '/home/u/.config/Studbook',
        logsDir: '/home/u/.config/Studbook/logs',
        account,
        sync,
        logTail: log.tail(50)
      })
    )
    expect(text).toContain('Studbook 0.1.0 (electron)')
    expect(text).toContain('System: linux 6.8.0 x64; electron 45.4.1, chrome 140.0, node 22.20.0')
    expect(text).toContain('Logs folder: /home/u/.config/Studbook/logs')
    expect(text).toContain('Profile: service at bricks.example.org, binding soap11, signed in')
    expect(text).toContain('Keychain: memory, not remembered — Sign-ins kept in memory')
    expect(text).toContain('2 pending, 1 need attention, 0 conflicts')
    expect(text).toContain('service said: key *** unknown')
    expect(text).not.toContain(key)
    // Not the username: a report goes to strangers.
    expect(text).not.toContain('alice')
  })
})
