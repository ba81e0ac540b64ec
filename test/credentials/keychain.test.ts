import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  KEYCHAIN_SERVICE,
  loadKeytar,
  selectCredentialStore
} from '../../src/main/credentials/index'

// CI runs the suite inside scripts/with-keyring.sh with STUDBOOK_REQUIRE_KEYRING=1; elsewhere these
// tests skip with a reason instead of touching the developer's real keychain state.
const store = await selectCredentialStore('auto', { probeTimeoutMs: 5000 })
const available = store.kind === 'os'
const required = process.env['STUDBOOK_REQUIRE_KEYRING'] === '1'
const reason = `no usable OS keychain (${store.message ?? 'unknown'}); run under scripts/with-keyring.sh`

function secretTool(args: string[], input?: string): { status: number | null; stdout: string } {
  const r = spawnSync('secret-tool', args, { encoding: 'utf8', input, timeout: 10_000 })
  return { status: r.status, stdout: r.stdout }
}

describe('keychain required in CI', () => {
  it.runIf(required)('finds a working keychain when STUDBOOK_REQUIRE_KEYRING=1', () => {
    expect(store.message).toBeNull()
    expect(store.kind).toBe('os')
  })
})

describe.skipIf(!available)(
  `OS keychain through keytar ${available ? '' : `- skipped: ${reason}`}`,
  () => {
    const account = () => `profile:test-${randomBytes(4).toString('hex')}`

    it('stores, reads back, is visible to secret-tool, and deletes', async () => {
      const acct = account()
      expect(store.remembered).toBe(true)
      await store.write(acct, { apiKey: 'key-123', userHash: 'hash-abc', username: 'alice' })

      const back = await store.read(acct)
      expect(back).toEqual({
        state: 'found',
        secrets: { apiKey: 'key-123', userHash: 'hash-abc', username: 'alice' }
      })
      const lookup = secretTool(['lookup', 'service', KEYCHAIN_SERVICE, 'account', acct])
      expect(lookup.status).toBe(0)
      expect(JSON.parse(lookup.stdout)).toMatchObject({ apiKey: 'key-123', userHash: 'hash-abc' })

      await store.remove(acct)
      expect(await store.read(acct)).toEqual({ state: 'missing' })
      expect(secretTool(['lookup', 'service', KEYCHAIN_SERVICE, 'account', acct]).status).not.toBe(
        0
      )
    })

    it('keeps one entry per profile: removing one leaves the other', async () => {
      const a = account()
      const b = account()
      await store.write(a, { apiKey: 'key-a' })
      await store.write(b, { apiKey: 'key-b' })
      await store.remove(a)
      expect(await store.read(a)).toEqual({ state: 'missing' })
      expect(await store.read(b)).toEqual({ state: 'found', secrets: { apiKey: 'key-b' } })
      await store.remove(b)
    })

    it('a corrupted entry (written behind our back) is deleted and reported as "sign in again"', async () => {
      const acct = account()
      // The blob is corrupted in place (a foreign or truncated value under our service and account).
      const keytar = await loadKeytar()
      await keytar.setPassword(KEYCHAIN_SERVICE, acct, 'not json {')
      expect(secretTool(['lookup', 'service', KEYCHAIN_SERVICE, 'account', acct]).stdout).toBe(
        'not json {'
      )
      const read = await store.read(acct)
      expect(read.state).toBe('broken')
      expect(secretTool(['lookup', 'service', KEYCHAIN_SERVICE, 'account', acct]).status).not.toBe(
        0
      )
      expect(await store.read(acct)).toEqual({ state: 'missing' })
    })

    it('an entry cleared with secret-tool between runs reads as missing, not as an error', async () => {
      const acct = account()
      await store.write(acct, { apiKey: 'k', userHash: 'h' })
      execFileSync('secret-tool', ['clear', 'service', KEYCHAIN_SERVICE, 'account', acct])
      expect(await store.read(acct)).toEqual({ state: 'missing' })
    })
  }
)
