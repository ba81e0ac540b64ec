import { beforeEach, describe, expect, it } from 'vitest'
import { labelCode } from '../../src/shared/model/box-label'
import { createShelfHandlers } from '../../src/main/shelf/index'
import type { ShelfHandlers } from '../../src/main/shelf/index'
import { LOCAL_TABLES } from '../../src/main/store/local-tables/index'
import { exchangeEachTest } from '../exchange/each-test'
import type { ExchangeHarness } from '../exchange/store-fixtures'
import * as travel from '../ledger/local-table-travel'
import { seedCopyAt } from './shelf-seed'

/**
 * The shelf audit is local ("what the service cannot hold stays local, travels in backups",
 * issue #30): a backup then its restore brings back an open audit with every tick; a backup whose
 * mark breaks a rule is refused whole, nothing written.
 */

const exchange = exchangeEachTest()
let t: ExchangeHarness
let shelf: ShelfHandlers
beforeEach(async () => {
  t = await exchange()
  shelf = createShelfHandlers(t.h.deps)
})

const statuses = (
  rows: readonly { localId: string | null; code: string | null; status: string }[]
) => Object.fromEntries(rows.map((r) => [r.localId ?? `code:${r.code ?? ''}`, r.status]))

/** An open audit of the attic: one copy found, one misplaced, one missing. */
async function tickedAudit(): Promise<number> {
  const p = t.h.profileId
  const here = seedCopyAt(t.h.store, p, t.id('10179-1'), 'Attic › Shelf 2')
  const gone = seedCopyAt(t.h.store, p, t.id('21309-1'), 'Attic › Shelf 2')
  const away = seedCopyAt(t.h.store, p, t.id('21309-1'), 'Garage')
  const { id } = await shelf['shelf:startAudit']({ location: 'Attic › Shelf 2', replace: false })
  await shelf['shelf:tick']({ auditId: id, code: labelCode(here) })
  await shelf['shelf:tick']({ auditId: id, code: labelCode(away) })
  await shelf['shelf:mark']({ auditId: id, localId: gone, mark: 'missing' })
  return id
}

const forget = (): void => {
  t.h.store.write.exec('DELETE FROM shelf_audit_marks; DELETE FROM shelf_audits')
}
const count = (table: string): number =>
  (t.h.store.read.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n

describe('the shelf audit travels', () => {
  it('is registered as local tables', () => {
    expect(LOCAL_TABLES.map((l) => l.name)).toEqual(
      expect.arrayContaining(['shelf_audits', 'shelf_audit_marks'])
    )
  })

  it('a backup then a restore brings the open audit back with every tick', async () => {
    await tickedAudit()
    const before = await shelf['shelf:getAudit']({})
    expect(Object.values(statuses(before?.rows ?? [])).sort()).toEqual([
      'found',
      'misplaced',
      'missing'
    ])
    const data = await travel.backupData(t)
    forget()
    expect(await shelf['shelf:getAudit']({})).toBeNull()
    await travel.restoreBackup(t, data)
    const after = await shelf['shelf:getAudit']({})
    expect(after).toMatchObject({ id: before?.id, location: before?.location })
    expect(statuses(after?.rows ?? [])).toEqual(statuses(before?.rows ?? []))
  })

  it('a full export then its import brings the open audit back with every tick', async () => {
    await tickedAudit()
    const before = await shelf['shelf:getAudit']({})
    const content = await travel.fullExport(t)
    forget()
    const preview = await travel.importFullExport(t, content)
    expect(preview.notices.join(' ')).toMatch(/3 rows of shelf_audit_marks/)
    const after = await shelf['shelf:getAudit']({})
    expect(after).toMatchObject({ id: before?.id, location: before?.location })
    expect(statuses(after?.rows ?? [])).toEqual(statuses(before?.rows ?? []))
  })

  it('the restore replaces the audit open here: one open audit, the backup’s', async () => {
    await tickedAudit()
    const data = await travel.backupData(t)
    const { id } = await shelf['shelf:startAudit']({ location: 'Garage', replace: true })
    await travel.restoreBackup(t, data)
    const open = await shelf['shelf:getAudit']({})
    expect(open?.location).toBe('Attic › Shelf 2')
    expect(open?.id).not.toBe(id)
    expect(count('shelf_audits WHERE ended_at IS NULL')).toBe(1)
  })

  it('a restore never lands on another profile’s audit of the same number', async () => {
    const id = await tickedAudit()
    const data = await travel.backupData(t)
    // Another profile's audit numbered as this one's, as a restore from another computer leaves.
    const w = t.h.store.write
    const other = Number(
      w
        .prepare(
          `INSERT INTO profiles (kind, label, base_url, created_at)
           VALUES ('custom', 'Other', 'https://other.example', '2026-01-01T00:00:00.000Z')`
        )
        .run().lastInsertRowid
    )
    w.prepare(
      `INSERT INTO shelf_audits (profile_id, id, location, started_at)
       VALUES (?, ?, 'Cellar', '2026-01-01T00:00:00.000Z')`
    ).run(other, id)
    w.prepare(
      `INSERT INTO shelf_audit_marks (profile_id, audit_id, local_id, code, mark, marked_at)
       VALUES (?, ?, 'theirs', '', 'seen', '2026-01-01T00:00:00.000Z')`
    ).run(other, id)
    await travel.restoreBackup(t, data)
    const theirs = t.h.store.read
      .prepare(
        `SELECT a.location, m.local_id FROM shelf_audits a
         JOIN shelf_audit_marks m ON m.profile_id = a.profile_id AND m.audit_id = a.id
         WHERE a.profile_id = ?`
      )
      .all(other)
    expect(theirs).toEqual([{ location: 'Cellar', local_id: 'theirs' }])
    expect((await shelf['shelf:getAudit']({}))?.rows).toHaveLength(3)
  })

  it.each([
    ['a mark that is not seen or missing', `UPDATE shelf_audit_marks SET mark = 'lost'`],
    ['an audit at no place', `UPDATE shelf_audits SET location = ''`],
    ['a tick at a time that is no time', `UPDATE shelf_audit_marks SET marked_at = 'soon'`]
  ])('a backup with %s is refused, nothing written', async (_n, bad) => {
    await tickedAudit()
    const data = await travel.backupData(t, (db) => {
      db.pragma('ignore_check_constraints = ON')
      db.exec(bad)
    })
    forget()
    await travel.expectRestoreRefused(t, data, /shelf_audit/)
    expect([count('shelf_audits'), count('shelf_audit_marks')]).toEqual([0, 0])
  })
})
