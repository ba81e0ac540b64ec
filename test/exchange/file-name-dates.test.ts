import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createExchangeHandlers } from '../../src/main/exchange/handlers'
import { listBackups, takeDailyBackup } from '../../src/main/exchange/auto-backup'
import { exchangeHarness } from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'

/**
 * Issue #29: file names carry the user's date, not UTC's. At 12:30 UTC on 26 November it is
 * already the 27th on Kiritimati (UTC+14), and still the 26th in New York.
 */
const savedTz = process.env.TZ
const NOON_UTC = new Date('2026-11-26T12:30:05Z')
let t: ExchangeHarness

beforeAll(async () => {
  t = await exchangeHarness()
})

afterAll(() => {
  t.close()
  if (savedTz === undefined) delete process.env.TZ
  else process.env.TZ = savedTz
})

function handlersAt(now: Date): ReturnType<typeof createExchangeHandlers> {
  return createExchangeHandlers({ ...t.h.deps, files: null, now: () => now })
}

describe('file names carry the local date', () => {
  it.each([
    ['Pacific/Kiritimati', '2026-11-27', '2026-11-27T02-30-05+1400'],
    ['America/New_York', '2026-11-26', '2026-11-26T07-30-05-0500']
  ])('in %s: exports and backups are named %s', async (tz, day, stamp) => {
    process.env.TZ = tz
    const x = handlersAt(NOON_UTC)
    for (const format of [
      'studbook',
      'collection',
      'rebrickable',
      'bricklink',
      'brickeconomy'
    ] as const) {
      const file = await x['exchange:export']({ format, bom: false, saveWithDialog: false })
      expect(file.filename).toContain(day)
    }
    const backup = await x['exchange:backup']({ saveWithDialog: false })
    expect(backup.path).toMatch(
      new RegExp(`studbook-backup-${stamp.replace('+', '\\+')}\\.studbook$`)
    )
  })

  it('a backup named in local time is listed at the moment it was taken, in any zone', async () => {
    process.env.TZ = 'Pacific/Kiritimati'
    const name = await takeDailyBackup(t.h.store, NOON_UTC)
    expect(name).toBe('studbook-auto-2026-11-27T02-30-05+1400.studbook')
    process.env.TZ = 'America/New_York'
    const listed = listBackups(t.h.store.path).find((b) => b.name === name)
    expect(listed?.takenAt).toBe('2026-11-26T12:30:05Z')
    // A day later by the clock, not by the name's date: one a day still holds.
    expect(await takeDailyBackup(t.h.store, new Date('2026-11-27T12:00:00Z'))).toBeNull()
  })
})
