import { afterEach, describe, expect, it } from 'vitest'
import { createScanHandlers } from '../../src/main/collection/scan'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { Handlers } from '../../src/shared/ipc/contract'
import type { Result } from '../../src/shared/ipc/result'
import type { ScanResultDto } from '../../src/shared/model/scan'
import { editHarness } from './harness'
import type { EditHarness } from './harness'
import { queryPlan } from '../store/query-plan'

/** Scan mode against a real SQLite store: a code finds its set and one action goes the edit path. */

let h: EditHarness
afterEach(() => {
  h.close()
})

/** Catalogue sets with codes, as a sync stores them. */
const SETS = [
  {
    id: 101,
    number: '75192',
    variant: 1,
    name: 'Millennium Falcon',
    ean: '5702015869935',
    upc: '673419266260'
  },
  // A UPC-A stored as the service gave it; scanners of EAN-13 read it with a leading 0.
  { id: 102, number: '10179', variant: 1, name: 'Ultimate Falcon', ean: null, upc: '042884101794' },
  { id: 103, number: '6080', variant: 1, name: "King's Castle", ean: '5702014212343', upc: null },
  // Two sets that share a code (a re-release in the same box): a scan must ask which.
  { id: 104, number: '6081', variant: 1, name: 'Fort A', ean: '4006381333931', upc: null },
  { id: 105, number: '6081', variant: 2, name: 'Fort B', ean: '4006381333931', upc: null },
  { id: 106, number: '7777', variant: 2, name: 'Only a second variant', ean: null, upc: null },
  // The service's data is typed by people: a stored code may break the check digit rule.
  { id: 107, number: '8888', variant: 1, name: 'Misprinted code', ean: '5702015869936', upc: null },
  // A small box may carry the 8-digit short form of its UPC-A (UPC-E).
  { id: 108, number: '30001', variant: 1, name: 'Polybag', ean: null, upc: '012200003453' },
  // The textbook example: UPC-E 04252614 is UPC-A 042100005264.
  { id: 109, number: '30002', variant: 1, name: 'Key chain', ean: '0042100005264', upc: null }
]

async function start(): Promise<ReturnType<typeof createScanHandlers>> {
  h = await editHarness({ sets: [] })
  const insert = h.store.write.prepare(
    `INSERT INTO sets (profile_id, set_id, number, number_variant, full_number, number_sort, name,
       year, theme, theme_group, subtheme, pieces, minifigs, availability, rating, tags, ean, upc,
       last_updated, detail, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 2020, 'Star Wars', '', 'UCS', 100, 2, 'Retail', 0, '', ?, ?,
       '2026-01-01T00:00:00.000Z', '{}', '2026-01-01T00:00:00.000Z')`
  )
  for (const s of SETS) {
    insert.run(
      h.profileId,
      s.id,
      s.number,
      s.variant,
      `${s.number}-${s.variant}`,
      Number(s.number),
      s.name,
      s.ean,
      s.upc
    )
  }
  return createScanHandlers(h.deps)
}

const count = (table: string) =>
  (h.store.read.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
const outbox = () =>
  h.store.read.prepare('SELECT target, field, desired FROM outbox ORDER BY id').all() as {
    target: string
    field: string
    desired: string
  }[]

describe('a code finds its set', () => {
  it.each([
    ['an EAN-13', '5702015869935', 101],
    ['a UPC-A', '673419266260', 101],
    ['a UPC-A scanned as EAN-13 (leading 0)', '0673419266260', 101],
    ['an EAN-13 whose set stores only the UPC-A', '0042884101794', 102],
    ['the UPC-A of a set stored with it', '042884101794', 102],
    ['a set number with its variant', '75192-1', 101],
    ['a set number without it (its -1)', '75192', 101],
    ['a set number whose only variant is -2', '7777', 106],
    ['digits typed in groups', '5 702015 869935', 101],
    ['a stored code with a wrong check digit', '5702015869936', 107],
    ['a UPC-E, the short form of a stored UPC-A', '01234523', 108],
    ['a UPC-E of a set stored with its EAN-13', '04252614', 109]
  ])('%s: %s', async (_, code, setID) => {
    const scan = await start()
    const r = await scan['collection:scan']({ code, action: 'owned' })
    expect(r.status).toBe('applied')
    expect(r.set?.setID).toBe(setID)
    expect(r.set?.collection).toMatchObject({ owned: true, qtyOwned: 1 })
  })

  it('an unknown code is answered as unknown, with the code, and changes nothing', async () => {
    const scan = await start()
    const r = await scan['collection:scan']({ code: '4006381333905', action: 'owned' })
    expect(r).toMatchObject({
      status: 'unknown',
      code: '4006381333905',
      set: null,
      journalId: null
    })
    expect(r.summary).toContain('4006381333905')
    // 4006381333905's check digit should be 0: the words say it was probably misread.
    expect(r.summary).toMatch(/check digit/)
    expect([count('set_state'), count('outbox'), count('journal')]).toEqual([0, 0, 0])
    const valid = await scan['collection:scan']({ code: '4006381333924', action: 'owned' })
    expect(valid.status).toBe('unknown')
    expect(valid.summary).not.toMatch(/check digit/)
  })

  it('a code two sets carry lists both and changes nothing until one is chosen', async () => {
    const scan = await start()
    const r = await scan['collection:scan']({ code: '4006381333931', action: 'owned' })
    expect(r.status).toBe('ambiguous')
    expect(r.choices.map((s) => s.fullNumber)).toEqual(['6081-1', '6081-2'])
    expect(count('journal')).toBe(0)
    const chosen = await scan['collection:scan']({
      code: '4006381333931',
      action: 'owned',
      setID: 105
    })
    expect(chosen).toMatchObject({ status: 'applied', set: { setID: 105 } })
    expect(chosen.set?.collection.qtyOwned).toBe(1)
    // A set that does not carry the code is refused, not applied.
    await expect(
      Promise.resolve().then(() =>
        scan['collection:scan']({ code: '4006381333931', action: 'owned', setID: 101 })
      )
    ).rejects.toMatchObject({ code: 'invalid_input' })
    expect(count('journal')).toBe(1)
  })
})

describe('the action goes the edit path', () => {
  it('owned +1 twice makes 2 owned: two journal entries, the outbox as for any edit', async () => {
    const scan = await start()
    const first = await scan['collection:scan']({ code: '5702015869935', action: 'owned' })
    const second = await scan['collection:scan']({ code: '5702015869935', action: 'owned' })
    expect(second.set?.collection).toMatchObject({ owned: true, qtyOwned: 2, sync: 'pending' })
    expect(second.summary).toBe('Added 75192-1 Millennium Falcon — now 2 owned')
    expect(first.journalId).not.toBeNull()
    expect(second.journalId).not.toBe(first.journalId)
    expect(count('journal')).toBe(2)
    expect(
      outbox()
        .filter((o) => o.field === 'qtyOwned')
        .map((o) => o.desired)
    ).toEqual(['2'])
    // The rest of the app hears of each scan as of any edit.
    expect(h.changes).toEqual([[101], [101]])
  })

  it('mark wanted marks it once; a second scan says it already was', async () => {
    const scan = await start()
    const r = await scan['collection:scan']({ code: '6080', action: 'wanted' })
    expect(r).toMatchObject({ status: 'applied', set: { collection: { wanted: true } } })
    expect(r.summary).toBe("Marked 6080-1 King's Castle wanted")
    const again = await scan['collection:scan']({ code: '6080', action: 'wanted' })
    expect(again).toMatchObject({ status: 'unchanged', journalId: null })
    expect(again.summary).toBe("6080-1 King's Castle was already wanted")
    expect(count('journal')).toBe(1)
  })

  it('add a copy dated today goes the copy path: one more owned and the copy', async () => {
    const scan = await start()
    await scan['collection:scan']({ code: '75192', action: 'owned' })
    const r = await scan['collection:scan']({ code: '75192-1', action: 'copy' })
    const today = h.deps.now()
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`
    expect(r.status).toBe('applied')
    expect(r.set?.collection.qtyOwned).toBe(2)
    const copies = await h.handlers['collection:listCopies']({ setID: 101 })
    expect(copies.map((c) => [c.dateAcquired, c.sync])).toEqual([[iso, 'pending']])
    expect(r.summary).toMatch(
      /^Added a copy of 75192-1 Millennium Falcon dated \d{4}-\d\d-\d\d — now 2 owned$/
    )
    expect(count('journal')).toBe(2)
    // Quantity first, then the copy, as the copy form's saves are queued.
    expect(outbox().map((o) => `${o.target}.${o.field}`)).toEqual([
      'set:101.owned',
      'set:101.qtyOwned',
      expect.stringMatching(/^copy:/) as unknown
    ])
  })

  it('bad input is refused with a clear error and changes nothing', async () => {
    const scan = await start()
    const handlers = { ...h.handlers, ...scan } as unknown as Handlers
    const bad: unknown[] = [
      { code: '', action: 'owned' },
      { code: '   ', action: 'owned' },
      { code: '5702015869935', action: 'sell' },
      { code: "75192'; DROP TABLE sets", action: 'owned' },
      { code: '1'.repeat(41), action: 'owned' },
      { code: '75192\u0000', action: 'owned' },
      { code: 5702015869935, action: 'owned' },
      { code: '75192', action: 'owned', extra: 1 },
      { code: '75192', action: 'owned', setID: -1 }
    ]
    for (const input of bad) {
      const r = (await dispatch(handlers, 'collection:scan', input)) as Result<ScanResultDto>
      expect(r.ok, JSON.stringify(input)).toBe(false)
      if (!r.ok) expect(r.error.code).toBe('invalid_input')
    }
    expect([count('set_state'), count('outbox'), count('journal'), count('copies')]).toEqual([
      0, 0, 0, 0
    ])
  })
})

describe('undo per line', () => {
  it('undoes an older scan, not only the newest, by its inverse', async () => {
    const scan = await start()
    const a = await scan['collection:scan']({ code: '5702015869935', action: 'owned' })
    await scan['collection:scan']({ code: '6080', action: 'owned' })
    await scan['collection:scan']({ code: '5702015869935', action: 'owned' })
    const undone = await scan['collection:undoScan']({ journalId: a.journalId ?? 0 })
    expect(undone.set.collection.qtyOwned).toBe(1)
    expect(undone.summary).toBe('Undone: 75192-1 Millennium Falcon — now 1 owned')
    // Undoing the same scan twice is refused; the other set is untouched.
    await expect(
      Promise.resolve().then(() => scan['collection:undoScan']({ journalId: a.journalId ?? 0 }))
    ).rejects.toMatchObject({ code: 'conflict' })
    const other = await scan['collection:scan']({ code: '6080', action: 'wanted' })
    expect(other.set?.collection.qtyOwned).toBe(1)
  })

  it('undoes wanted and a copy (the copy is deleted and the unit taken back)', async () => {
    const scan = await start()
    const w = await scan['collection:scan']({ code: '6080', action: 'wanted' })
    const c = await scan['collection:scan']({ code: '5702015869935', action: 'copy' })
    h.changes.length = 0
    const unwanted = await scan['collection:undoScan']({ journalId: w.journalId ?? 0 })
    expect(unwanted.set.collection.wanted).toBe(false)
    expect(unwanted.summary).toBe("Undone: 6080-1 King's Castle no longer wanted")
    // The rest of the app hears of the undo as of any edit.
    expect(h.changes).toEqual([[103]])
    const u = await scan['collection:undoScan']({ journalId: c.journalId ?? 0 })
    expect(u.set.collection).toMatchObject({ owned: false, qtyOwned: 0 })
    expect(await h.handlers['collection:listCopies']({ setID: 101 })).toEqual([])
  })

  it('refuses a copy scan whose copy the user deleted since, and keeps the unit', async () => {
    const scan = await start()
    const c = await scan['collection:scan']({ code: '5702015869935', action: 'copy' })
    const [copy] = await h.handlers['collection:listCopies']({ setID: 101 })
    await h.handlers['collection:deleteCopy']({ setID: 101, localId: copy?.localId ?? '' })
    const owned = (await scan['collection:scan']({ code: '75192', action: 'wanted' })).set
      ?.collection.qtyOwned
    await expect(
      Promise.resolve().then(() => scan['collection:undoScan']({ journalId: c.journalId ?? 0 }))
    ).rejects.toMatchObject({ code: 'conflict', message: 'That copy was already deleted.' })
    expect(
      (await scan['collection:scan']({ code: '75192', action: 'wanted' })).set?.collection.qtyOwned
    ).toBe(owned)
  })

  it('refuses an entry that is no scan, and one Ctrl+Z already undid', async () => {
    const scan = await start()
    await h.handlers['collection:updateSet']({ setID: 103, patch: { wanted: true } })
    const edit = h.store.read.prepare('SELECT max(id) AS id FROM journal').get() as { id: number }
    await expect(
      Promise.resolve().then(() => scan['collection:undoScan']({ journalId: edit.id }))
    ).rejects.toMatchObject({ code: 'not_found' })
    const r = await scan['collection:scan']({ code: '75192', action: 'owned' })
    await h.handlers['journal:undo']({})
    await expect(
      Promise.resolve().then(() => scan['collection:undoScan']({ journalId: r.journalId ?? 0 }))
    ).rejects.toMatchObject({ code: 'conflict' })
    expect(
      (await scan['collection:scan']({ code: '75192', action: 'wanted' })).set?.collection.qtyOwned
    ).toBe(0)
  })
})

describe('the lookup reads an index', () => {
  it('EAN and UPC lookups search an index, not all sets', async () => {
    await start()
    for (const column of ['ean', 'upc']) {
      const plan = queryPlan(
        h.store.read,
        `SELECT set_id FROM sets WHERE profile_id = ? AND ${column} IN (?, ?)`,
        [h.profileId, '1', '2']
      )
      expect(plan).toMatch(new RegExp(`USING (COVERING )?INDEX sets_by_${column}`))
    }
  })
})
