import { describe, expect, it } from 'vitest'
import { AccountState } from '../../src/renderer/src/lib/state/account.svelte'
import { doctorBadge } from '../../src/renderer/src/lib/state/doctor.svelte'
import { focusIntent } from '../../src/renderer/src/lib/state/focus.svelte'
import { help } from '../../src/renderer/src/lib/state/help.svelte'
import { Notices } from '../../src/renderer/src/lib/state/notices.svelte'
import { scanLog } from '../../src/renderer/src/lib/state/scan.svelte'
import { SyncState } from '../../src/renderer/src/lib/state/sync.svelte'

/**
 * State classes own their writes (issue #31): a field a component could assign is a write no
 * reader of the class sees. Each field below is read from outside and changed through a method.
 */
function refusesWrite(target: object, field: string, value: unknown): void {
  // Modules run in strict mode: assigning to a getter without a setter throws.
  expect(() => {
    ;(target as Record<string, unknown>)[field] = value
  }, field).toThrow(TypeError)
}

describe('state fields from outside', () => {
  it('the sync state: deferring conflicts is a method, and a new conflict asks again', () => {
    const s = new SyncState()
    refusesWrite(s, 'conflictsDeferred', true)
    s.deferConflicts()
    expect(s.conflictsDeferred).toBe(true)
  })

  it('the account state: status, connection test and sign-in error change through methods', () => {
    const a = new AccountState()
    for (const field of ['status', 'test', 'busy', 'error', 'signInError'])
      refusesWrite(a, field, null)
    a.forgetTest()
    a.clearSignInError()
    expect([a.test, a.signInError, a.status]).toEqual([null, null, null])
  })

  it('help, focus, notices, the doctor badge and the scan log', () => {
    refusesWrite(help, 'open', true)
    refusesWrite(help, 'licenses', true)
    help.showShortcuts()
    expect(help.open).toBe(true)
    help.showLicenses()
    expect([help.open, help.licenses]).toEqual([false, true])
    help.closeLicenses()
    expect(help.licenses).toBe(false)

    refusesWrite(focusIntent, 'list', true)
    refusesWrite(focusIntent, 'detail', true)

    const n = new Notices()
    refusesWrite(n, 'fatal', null)
    refusesWrite(n, 'refused', true)

    refusesWrite(doctorBadge, 'total', 3)
    refusesWrite(scanLog, 'action', 'wanted')
    scanLog.setAction('wanted')
    expect(scanLog.action).toBe('wanted')
    scanLog.setAction('owned')
  })
})
