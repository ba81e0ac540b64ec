import { describe, expect, it } from 'vitest'
import { selectCredentialStore } from '../../src/main/credentials/index'
import { accountRig } from '../account/account-rig'
import { mapKeychain } from './map-keychain'

/**
 * A keychain that worked at start and then refuses a write (locked while Studbook runs): the
 * account status must not go on saying the sign-in is remembered.
 */
const keychain = mapKeychain()
const entries = keychain.entries
const rig = accountRig('keychain-write', 4, {
  credentials: () =>
    selectCredentialStore('auto', {
      keytar: () => Promise.resolve(keychain),
      log: { warn: () => undefined, keepSecret: () => undefined }
    })
})
const svc = rig.svc

describe('a keychain write that fails', () => {
  it('turns "remembered" off with the reason, and back on once a write succeeds', async () => {
    const h = rig.side.handlers
    const saved = await rig.saveProfile()
    expect(saved).toMatchObject({ keychain: 'os', remembered: true, keychainMessage: null })
    expect(saved.keychainDetail).toBeUndefined()

    keychain.locked = true
    const signIn = { username: svc.demo.username, password: svc.demo.password }
    await expect(Promise.resolve().then(() => h['account:signIn'](signIn))).rejects.toMatchObject({
      code: 'keychain_unavailable'
    })
    const status = await h['account:getStatus']({})
    // The sign-in holds for this session only: the status says so, and why.
    expect(status).toMatchObject({ signedIn: true, keychain: 'os', remembered: false })
    expect(status.keychainMessage).toBe(
      'Your sign-in could not be saved in the keychain, so it is kept only while Studbook runs. ' +
        'You will sign in again after quitting.'
    )
    // The keychain's own words go behind "Details", not into the sentence.
    expect(status.keychainDetail).toMatch(/locked/)
    expect([...entries.values()].join('\n')).not.toContain('userHash')

    keychain.locked = false
    await h['account:signIn'](signIn)
    expect(await h['account:getStatus']({})).toMatchObject({
      signedIn: true,
      remembered: true,
      keychainMessage: null
    })
    expect([...entries.values()].join('\n')).toContain('userHash')
  })
})
