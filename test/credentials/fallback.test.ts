import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  createKeytarStore,
  createMemoryStore,
  selectCredentialStore
} from '../../src/main/credentials/index'
import type { KeytarLike } from '../../src/main/credentials/index'
import { mapKeychain } from './map-keychain'

const child = fileURLToPath(new URL('./fixtures/select-child.ts', import.meta.url))

function failingKeytar(message: string): KeytarLike {
  const fail = () => Promise.reject(new Error(message))
  return { getPassword: fail, setPassword: fail, deletePassword: fail }
}

describe('credential store selection', () => {
  it('without a D-Bus session, falls back to memory and says why (real keytar, child process)', () => {
    const env = { ...process.env }
    delete env['DBUS_SESSION_BUS_ADDRESS']
    delete env['DISPLAY']
    const r = spawnSync(process.execPath, ['--import', 'tsx', child], {
      env,
      encoding: 'utf8',
      timeout: 30_000
    })
    expect(r.status, r.stderr).toBe(0)
    const out = JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as Record<string, unknown>
    expect(out['kind']).toBe('memory')
    expect(out['remembered']).toBe(false)
    // Plain words for the person; the keychain's own text only behind "Details" (issue #28).
    expect(out['message']).toBe(
      'Your sign-in is kept only while Studbook runs, because no keychain service is running ' +
        'for this desktop session. You will sign in again after quitting.'
    )
    expect(out['message']).not.toMatch(/D-Bus|DISPLAY|\$/)
    expect(out['detail']).toMatch(/D-Bus/)
    // The app keeps working: the memory store holds what was written.
    expect(out['readBack']).toBe('child-key')
  })

  it('a locked keyring falls back to memory with a "locked" message', async () => {
    const store = await selectCredentialStore('auto', {
      keytar: () => Promise.resolve(failingKeytar('Cannot create an item in a locked collection'))
    })
    expect(store.kind).toBe('memory')
    expect(store.remembered).toBe(false)
    expect(store.message).toMatch(/the keychain is locked/)
    expect(store.message).not.toMatch(/collection/)
    expect(store.detail).toBe('Cannot create an item in a locked collection')
  })

  it('a keychain that never answers (an invisible unlock prompt) falls back after the timeout', async () => {
    const hang = () => new Promise<never>(() => undefined)
    const store = await selectCredentialStore('auto', {
      probeTimeoutMs: 50,
      keytar: () => Promise.resolve({ getPassword: hang, setPassword: hang, deletePassword: hang })
    })
    expect(store.kind).toBe('memory')
    expect(store.message).toMatch(/the keychain did not answer/)
    expect(store.detail).toMatch(/no answer from the keychain within 50 ms/)
  })

  it('a keytar module that fails to load falls back to memory', async () => {
    const store = await selectCredentialStore('auto', {
      keytar: () => Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file'))
    })
    expect(store.kind).toBe('memory')
    expect(store.message).toMatch(/the keychain is not available/)
    expect(store.message).not.toMatch(/libsecret/)
    expect(store.detail).toMatch(/libsecret-1\.so\.0/)
  })

  it('a working keychain is used and the probe leaves no entry behind', async () => {
    const keytar = mapKeychain()
    const store = await selectCredentialStore('auto', { keytar: () => Promise.resolve(keytar) })
    expect(store.kind).toBe('os')
    expect(store.remembered).toBe(true)
    expect(store.message).toBeNull()
    expect(store.detail).toBeNull()
    expect(keytar.entries.size).toBe(0)
  })

  it('memory mode is chosen without touching the keychain', async () => {
    const store = await selectCredentialStore('memory', {
      keytar: () => Promise.reject(new Error('must not be loaded'))
    })
    expect(store.kind).toBe('memory')
    expect(store.message).toBeNull()
  })
})

describe('stores', () => {
  it('memory store: write, read, remove per account', async () => {
    const store = createMemoryStore()
    await store.write('a', { apiKey: 'k1', userHash: 'h1' })
    await store.write('b', { apiKey: 'k2' })
    expect(await store.read('a')).toEqual({
      state: 'found',
      secrets: { apiKey: 'k1', userHash: 'h1' }
    })
    await store.remove('a')
    expect(await store.read('a')).toEqual({ state: 'missing' })
    expect(await store.read('b')).toEqual({ state: 'found', secrets: { apiKey: 'k2' } })
  })

  it('keytar store: an unreadable entry is deleted and reported as broken, not thrown', async () => {
    const keytar = mapKeychain()
    const store = createKeytarStore(keytar, 'svc')
    for (const junk of ['garbage', '{"v":2}', '[]', '{"v":1,"apiKey":5}', '']) {
      keytar.entries.set('svc/p1', junk)
      const read = await store.read('p1')
      expect(read.state).toBe('broken')
      expect(keytar.entries.has('svc/p1')).toBe(false)
    }
  })

  it('keytar store: a keychain failure during use is a typed error without the secret', async () => {
    const store = createKeytarStore(failingKeytar('Cannot create an item in a locked collection'))
    const err = await store.write('p', { apiKey: 'super-secret-key' }).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'keychain_unavailable' })
    expect(JSON.stringify(err)).not.toContain('super-secret-key')
  })
})
