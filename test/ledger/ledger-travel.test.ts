import { beforeEach, describe, expect, it } from 'vitest'
import { createLedgerHandlers } from '../../src/main/ledger/index'
import type { LedgerHandlers } from '../../src/main/ledger/index'
import { LOCAL_TABLES } from '../../src/main/store/local-tables/index'
import { exchangeEachTest } from '../exchange/each-test'
import type { ExchangeHarness } from '../exchange/store-fixtures'
import { addCopy } from './ledger-seed'
import * as travel from './local-table-travel'

/**
 * The ledger is local, and "travels in backups and the full export" (issue #30): a backup and
 * its restore, a full export and its import carry every entry; a file whose entry breaks a rule
 * the dispose path applies is refused whole, with nothing written.
 */

const exchange = exchangeEachTest()
let t: ExchangeHarness
let ledger: LedgerHandlers
beforeEach(async () => {
  t = await exchange()
  ledger = createLedgerHandlers({ ...t.h.deps, files: null })
})

const rows = (): unknown[] =>
  t.h.store.read.prepare('SELECT * FROM ledger_entries ORDER BY entry_id').all()

async function twoEntries(): Promise<void> {
  const a = await addCopy(t.h, t.id('10179-1'))
  const b = await addCopy(t.h, t.id('21309-1'), { notes: 'b' })
  for (const [localId, setID, deleteCopy] of [
    [a, t.id('10179-1'), true],
    [b, t.id('21309-1'), false]
  ] as const) {
    await ledger['ledger:applyDisposal']({
      setID,
      localId,
      kind: 'sold',
      disposedOn: '2025-06-01',
      proceeds: 99.5,
      proceedsCurrency: 'EUR',
      note: 'line one\nline "two", =x',
      deleteCopy
    })
  }
}

describe('the ledger travels', () => {
  it('is a registered local table', () => {
    expect(LOCAL_TABLES.map((l) => l.name)).toContain('ledger_entries')
  })

  it('a backup then a restore brings every entry back as it was', async () => {
    await twoEntries()
    const kept = rows()
    expect(kept).toHaveLength(2)
    const data = await travel.backupData(t)
    t.h.store.write.prepare('DELETE FROM ledger_entries').run()
    await travel.restoreBackup(t, data)
    expect(rows()).toEqual(kept)
  })

  it('a full export then its import brings every entry back', async () => {
    await twoEntries()
    const kept = rows()
    const content = await travel.fullExport(t)
    t.h.store.write.prepare('DELETE FROM ledger_entries').run()
    const preview = await travel.importFullExport(t, content)
    expect(preview.notices.join(' ')).toMatch(/2 rows of ledger_entries/)
    expect(rows()).toEqual(kept)
  })

  it.each([
    ['a negative price', `UPDATE ledger_entries SET proceeds = -1`],
    ['an unknown kind', `UPDATE ledger_entries SET kind = 'stolen'`],
    ['a day that does not exist', `UPDATE ledger_entries SET disposed_on = '2025-02-30'`],
    ['disposed of before it was acquired', `UPDATE ledger_entries SET disposed_on = '2001-01-01'`],
    ['a currency that is not a code', `UPDATE ledger_entries SET currency = 'euro'`],
    ['a control character in a note', `UPDATE ledger_entries SET note = 'a' || char(7)`]
  ])('a backup whose entry has %s is refused, nothing written', async (_n, bad) => {
    await twoEntries()
    const data = await travel.backupData(t, (db) => {
      // As a hand-made file would: the table's own CHECKs are not what stands guard.
      db.pragma('ignore_check_constraints = ON')
      db.exec(bad)
    })
    t.h.store.write.prepare('DELETE FROM ledger_entries').run()
    await travel.expectRestoreRefused(t, data, /ledger_entries/)
    expect(rows()).toEqual([])
  })

  it('a full export whose entry was tampered with is refused, nothing written', async () => {
    await twoEntries()
    const exported = await travel.fullExport(t)
    const content = exported.replace(/""kind"":""sold""/, '""kind"":""burned""')
    expect(content).not.toBe(exported)
    t.h.store.write.prepare('DELETE FROM ledger_entries').run()
    await expect(
      t.x['exchange:previewImport']({ format: 'studbook', content })
    ).rejects.toMatchObject({ code: 'invalid_input' })
    expect(rows()).toEqual([])
  })
})
