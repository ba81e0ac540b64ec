import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ledgerCsvPart } from '../../src/main/ledger/ledger-csv'
import { createLedgerHandlers } from '../../src/main/ledger/index'
import type { LedgerHandlers } from '../../src/main/ledger/index'
import type { LedgerEntryDto } from '../../src/shared/model/ledger'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { addCopy } from './ledger-seed'

/**
 * The ledger's CSV: byte for byte against a golden file (RFC 4180, CRLF, a header row, ISO
 * dates, each amount beside its currency), and read back with a strict RFC 4180 parser.
 */

const GOLDEN = join(import.meta.dirname, 'golden', 'ledger.csv')

const base: LedgerEntryDto = {
  entryId: '00000000-0000-4000-8000-000000000001',
  localId: 'l1',
  setID: 1,
  setNumber: '10179-1',
  setName: 'Millennium Falcon, "UCS"',
  theme: 'Star Wars',
  setYear: 2007,
  kind: 'sold',
  disposedOn: '2025-06-01',
  proceeds: 3500,
  proceedsCurrency: 'EUR',
  pricePaid: 499.99,
  additionalPricePaid: 10,
  currency: 'EUR',
  dateAcquired: '2007-10-01',
  conditionWhenAcquired: 'New',
  conditionNow: 'Used - complete',
  estimatedValue: 3200,
  note: 'eBay\r\nsecond line',
  deletedOnService: true,
  copyStillHeld: false,
  gain: 2990.01,
  gainCurrency: 'EUR'
}

const entries: LedgerEntryDto[] = [
  base,
  {
    ...base,
    entryId: '00000000-0000-4000-8000-000000000002',
    localId: 'l2',
    setNumber: '6080-1',
    setName: '=HYPERLINK("http://x")',
    theme: 'Castle',
    setYear: null,
    kind: 'partedOut',
    disposedOn: '2024-12-31',
    proceeds: 40,
    proceedsCurrency: 'USD',
    pricePaid: 30,
    additionalPricePaid: 0,
    currency: 'GBP',
    dateAcquired: '',
    conditionWhenAcquired: '',
    conditionNow: '',
    estimatedValue: 0,
    note: ' spaces kept ',
    deletedOnService: false,
    copyStillHeld: true,
    gain: null,
    gainCurrency: ''
  }
]

type Row = Record<string, string>

function read(text: string): Row[] {
  // Strict: any quoting error throws; the BOM is the writer's, for spreadsheets.
  return parse<Row>(text.replace(/^\uFEFF/, ''), { columns: true, record_delimiter: '\r\n' })
}

describe('ledger CSV', () => {
  it('matches the golden file byte for byte', () => {
    const csv = ledgerCsvPart(entries, true, true)
    // UPDATE_GOLDEN=1 writes it again: read the diff before committing it.
    if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(GOLDEN, csv)
    expect(csv).toBe(readFileSync(GOLDEN, 'utf8'))
  })

  it('reads back: every column, amounts with their currency, text as written', () => {
    const rows = read(ledgerCsvPart(entries, true, false))
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      entry_id: base.entryId,
      disposed_on: '2025-06-01',
      disposal: 'sold',
      set_number: '10179-1',
      set_name: 'Millennium Falcon, "UCS"',
      proceeds: '3500.00',
      proceeds_currency: 'EUR',
      price_paid: '499.99',
      additional_price_paid: '10.00',
      paid_currency: 'EUR',
      gain: '2990.01',
      gain_currency: 'EUR',
      note: 'eBay\r\nsecond line'
    })
    // The formula guard's apostrophe is the only change; a gain in two currencies stays empty.
    expect(rows[1]).toMatchObject({
      set_name: `'=HYPERLINK("http://x")`,
      set_year: '',
      gain: '',
      gain_currency: '',
      note: ' spaces kept ',
      still_in_collection: 'yes'
    })
  })

  it('pages after the first add rows only: the file is the header once, then every row', () => {
    const whole = ledgerCsvPart(entries, true, true)
    const paged =
      ledgerCsvPart(entries.slice(0, 1), true, true) + ledgerCsvPart(entries.slice(1), false, true)
    expect(paged).toBe(whole)
  })

  it('damaged CSV is refused by the reader, not half read', () => {
    const good = ledgerCsvPart(entries, true, false)
    // Cut inside a quoted note: the quote is never closed.
    expect(() => read(good.slice(0, good.indexOf('eBay') + 2))).toThrow(/Quote Not Closed/i)
    // A row with a cell too many.
    const lines = good.split('\r\n')
    const extra = [...lines.slice(0, -2), `${String(lines.at(-2))},extra`, ''].join('\r\n')
    expect(() => read(extra)).toThrow(/Invalid Record Length/i)
  })
})

const t = (h: EditHarness) => h.store.write

describe('ledger:export on a real file', () => {
  let h: EditHarness
  let ledger: LedgerHandlers
  beforeEach(async () => {
    h = await editHarness({ sets: [1, 2] })
    ledger = createLedgerHandlers({ ...h.deps, files: null })
  })
  afterEach(() => {
    h.close()
  })

  it('round trip: the file holds the listed entries, newest first, with the header once', async () => {
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push(await addCopy(h, 1 + (i % 2), { notes: `copy ${i}` }))
    for (const [i, localId] of ids.entries()) {
      await ledger['ledger:applyDisposal']({
        setID: 1 + (i % 2),
        localId,
        kind: 'sold',
        disposedOn: `2025-0${i + 1}-15`,
        proceeds: 100 + i,
        proceedsCurrency: 'EUR',
        note: `buyer, "${i}"`,
        deleteCopy: i !== 1
      })
    }
    const file = await ledger['ledger:export']({ bom: true, saveWithDialog: false })
    expect(file).toMatchObject({ mime: 'text/csv', rows: 3, savedTo: null })
    expect(file.filename).toMatch(/^studbook-ledger-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(file.content.startsWith('\uFEFFentry_id,disposed_on,')).toBe(true)
    const rows = read(file.content)
    const listed = (await ledger['ledger:list']({ offset: 0, limit: 10 })).entries
    expect(rows.map((r) => [r['entry_id'], r['disposed_on'], r['proceeds'], r['note']])).toEqual(
      listed.map((e) => [e.entryId, e.disposedOn, e.proceeds.toFixed(2), e.note])
    )
    // The copy of the second disposal (2025-02-15) was left on the service.
    expect(rows.map((r) => r['still_in_collection'])).toEqual(['no', 'yes', 'no'])
  })

  it('a ledger of several export pages: every entry once, in the list order', async () => {
    // Same day and same moment for all: only the entry id orders them, across page ends.
    const insert = t(h).prepare(
      `INSERT INTO ledger_entries (entry_id, profile_id, local_id, set_id, set_number, set_name,
         theme, kind, disposed_on, created_at)
       VALUES (?, ?, ?, 1, '1-1', 'Set', 'Castle', 'lost', '2025-01-01', '2025-01-01T00:00:00.000Z')`
    )
    const ids = Array.from(
      { length: 230 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`
    )
    for (const [i, id] of ids.entries()) insert.run(id, h.profileId, `copy-${i}`)
    const file = await ledger['ledger:export']({ bom: false, saveWithDialog: false })
    expect(file.rows).toBe(230)
    const rows = read(file.content)
    expect(rows.map((r) => r['entry_id'])).toEqual([...ids].reverse())
    const listed = (await ledger['ledger:list']({ offset: 0, limit: 500 })).entries
    expect(listed.map((e) => e.entryId)).toEqual([...ids].reverse())
  })

  it('an empty ledger is the header row alone', async () => {
    const file = await ledger['ledger:export']({ bom: false, saveWithDialog: false })
    expect(file.rows).toBe(0)
    expect(file.content.split('\r\n')).toEqual([expect.stringMatching(/^entry_id,/), ''])
  })
})
