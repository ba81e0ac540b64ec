import { afterEach, describe, expect, it } from 'vitest'
import type { ReportRow } from '../../src/shared/model/report'
import type { EditHarness } from '../collection/harness'
import { reportHarness } from './report-harness'
import { completeCopy } from '../collection/copy-helpers'

let h: EditHarness
afterEach(() => {
  h.close()
})

/** The shared report harness, its store kept in `h` so each test can seed it and afterEach closes it. */
async function setup(sets?: number[]) {
  const r = await reportHarness(sets)
  h = r.h
  return r
}

const usd = completeCopy({
  dateAcquired: '2024-01-10',
  currency: 'USD',
  pricePaid: 100,
  additionalPricePaid: 5.5,
  currentEstimatedValue: 150,
  conditionNow: 'Built',
  conditionWhenAcquired: 'New',
  location: 'Shelf A'
})

/** What a reader sees in a row: which set, and whose details. */
const brief = (r: ReportRow) =>
  r.kind === 'copy'
    ? `${r.fullNumber} ${r.currency} ${r.pricePaid} ${r.location}`
    : `${r.fullNumber} ${r.more ? `${r.count} more` : r.count} without details`

describe('report of owned copies', () => {
  it('lists one row per copy with details, its set named from the catalogue', async () => {
    const { build } = await setup()
    await h.handlers['collection:saveCopy']({ setID: 2, copy: usd })
    await h.handlers['collection:saveCopy']({
      setID: 2,
      copy: { ...usd, pricePaid: 80, location: 'Attic', dateAcquired: '2023-05-01' }
    })
    await h.handlers['collection:saveCopy']({ setID: 1, copy: { ...usd, location: 'Box' } })
    const r = await build({ scope: 'owned' })
    expect(r.rows.map(brief)).toEqual([
      '1-1 USD 100 Box',
      // Oldest acquisition first within a set.
      '2-1 USD 80 Attic',
      '2-1 USD 100 Shelf A'
    ])
    const first = r.rows[0]
    expect(first).toMatchObject({
      kind: 'copy',
      setID: 1,
      name: 'Set number 1',
      theme: 'Castle',
      year: 2020,
      conditionNow: 'Built',
      conditionWhenAcquired: 'New',
      dateAcquired: '2024-01-10',
      additionalPricePaid: 5.5,
      currentEstimatedValue: 150
    })
    expect(r).toMatchObject({
      sets: 2,
      copies: 3,
      detailedCopies: 3,
      generatedAt: '2026-03-01T10:00:00.000Z'
    })
  })

  it('gives a quantity beyond its detailed copies one "more without details" row', async () => {
    const { build } = await setup()
    await h.handlers['collection:updateSet']({ setID: 3, patch: { owned: true, qtyOwned: 4 } })
    await h.handlers['collection:saveCopy']({ setID: 4, copy: usd })
    await h.handlers['collection:updateSet']({ setID: 4, patch: { qtyOwned: 3 } })
    await h.handlers['collection:updateSet']({ setID: 5, patch: { owned: true } })
    const r = await build({ scope: 'owned' })
    expect(r.rows.map(brief)).toEqual([
      '3-1 4 without details',
      '4-1 USD 100 Shelf A',
      '4-1 2 more without details',
      '5-1 1 without details'
    ])
    expect(r).toMatchObject({ sets: 3, copies: 8, detailedCopies: 1 })
  })

  it('counts a blank copy record as a copy without details, not as a row of its own', async () => {
    const { build } = await setup()
    const blank = completeCopy({})
    await h.handlers['collection:saveCopy']({
      setID: 1,
      copy: { ...blank, parts: false, minifigs: false, instructions: false, box: false }
    })
    const r = await build({ scope: 'owned' })
    expect(r.rows.map(brief)).toEqual(['1-1 1 without details'])
    expect(r.totals).toEqual([])
  })

  it('totals paid and value per currency, never across, amounts without one on their own', async () => {
    const { build } = await setup()
    await h.handlers['collection:saveCopy']({ setID: 1, copy: usd })
    await h.handlers['collection:saveCopy']({ setID: 2, copy: { ...usd, pricePaid: 20.25 } })
    await h.handlers['collection:saveCopy']({
      setID: 3,
      copy: {
        ...usd,
        currency: 'EUR',
        pricePaid: 40,
        additionalPricePaid: 0,
        currentEstimatedValue: 45
      }
    })
    await h.handlers['collection:saveCopy']({
      setID: 4,
      copy: {
        ...usd,
        currency: '',
        pricePaid: 12,
        additionalPricePaid: 0,
        currentEstimatedValue: 0
      }
    })
    // A copy with details but no amount and no currency adds no group of zeros.
    await h.handlers['collection:saveCopy']({
      setID: 5,
      copy: { ...usd, currency: '', pricePaid: 0, additionalPricePaid: 0, currentEstimatedValue: 0 }
    })
    const r = await build({ scope: 'owned' })
    expect(r.totals).toEqual([
      { currency: '', paid: 12, value: 0 },
      { currency: 'EUR', paid: 40, value: 45 },
      { currency: 'USD', paid: 105.5 + 25.75, value: 300 }
    ])
    // The same sums the Totals screen shows for the whole collection.
    const t = await h.handlers['collection:getTotals']({})
    expect(t.money.filter((m) => m.currency !== '' || m.paid !== 0)).toEqual(r.totals)
  })

  it('covers only the sets of a Browse query, and only those owned', async () => {
    const { build } = await setup([1, 2, 3])
    h.store.write
      .prepare(`UPDATE sets SET theme = 'Space', name = 'Galaxy Explorer' WHERE set_id = 2`)
      .run()
    for (const setID of [1, 2, 3]) {
      await h.handlers['collection:saveCopy']({ setID, copy: { ...usd, pricePaid: setID } })
    }
    const space = await build({ query: { text: '', theme: 'Space' } })
    expect(space.rows.map(brief)).toEqual(['2-1 USD 2 Shelf A'])
    expect(space.totals).toEqual([{ currency: 'USD', paid: 7.5, value: 150 }])
    const text = await build({ query: { text: 'galaxy' } })
    expect(text.rows.map(brief)).toEqual(['2-1 USD 2 Shelf A'])
    const castle = await build({ query: { text: '', theme: 'Castle', sort: 'name', limit: 1 } })
    // Sort, offset and limit belong to the list's pages, not to which sets the report covers.
    expect(castle.rows.map(brief)).toEqual(['1-1 USD 1 Shelf A', '3-1 USD 3 Shelf A'])
  })

  it('covers an explicit list of set IDs, leaving out and counting those not owned', async () => {
    const { build } = await setup()
    await h.handlers['collection:saveCopy']({ setID: 1, copy: usd })
    await h.handlers['collection:saveCopy']({ setID: 3, copy: { ...usd, currency: 'GBP' } })
    await h.handlers['collection:saveCopy']({ setID: 5, copy: usd })
    const r = await build({ setIDs: [5, 3, 3, 4] })
    expect(r.rows.map(brief)).toEqual(['3-1 GBP 100 Shelf A', '5-1 USD 100 Shelf A'])
    expect(r.leftOut).toBe(1)
    expect(r.totals.map((t) => t.currency)).toEqual(['GBP', 'USD'])
  })

  it('lists an owned set the catalogue does not hold by its ID', async () => {
    const { build } = await setup()
    h.store.write
      .prepare(
        `INSERT INTO set_state (profile_id, set_id, owned, wanted, qty_owned, notes, rating, flags, updated_at)
         VALUES (?, 999, 1, 0, 2, 'From a friend', 0, 0, '2026-01-01T00:00:00.000Z')`
      )
      .run(h.profileId)
    const r = await build({ scope: 'owned' })
    expect(r.rows).toEqual([
      expect.objectContaining({
        kind: 'undetailed',
        fullNumber: '999',
        name: 'Set 999',
        count: 2,
        setNotes: 'From a friend'
      })
    ])
  })

  it('carries the set note on its first row and each copy note on its copy', async () => {
    const { build } = await setup()
    await h.handlers['collection:saveCopy']({ setID: 2, copy: { ...usd, notes: 'sealed' } })
    await h.handlers['collection:saveCopy']({
      setID: 2,
      copy: { ...usd, location: 'Attic', dateAcquired: '2025-01-01' }
    })
    await h.handlers['collection:updateSet']({ setID: 2, patch: { notes: 'box dented' } })
    await h.handlers['collection:updateSet']({
      setID: 3,
      patch: { owned: true, qtyOwned: 2, notes: 'one of them sun-faded' }
    })
    const r = await build({ scope: 'owned' })
    expect(r.rows.map((x) => [x.fullNumber, x.setNotes, x.kind === 'copy' ? x.notes : ''])).toEqual(
      [
        ['2-1', 'box dented', 'sealed'],
        ['2-1', '', ''],
        ['3-1', 'one of them sun-faded', '']
      ]
    )
  })

  it('refuses malformed scopes with a clear error and writes nothing', async () => {
    const { call } = await setup()
    const before = h.store.read.prepare('SELECT total_changes() AS n').get()
    for (const input of [
      {},
      { scope: 'all' },
      { setIDs: [] },
      { setIDs: [0] },
      { setIDs: ['1'] },
      { setIDs: [1], scope: 'owned' },
      { query: { text: 'x', offset: -1 } },
      { query: { text: 'x', owner: 'me' } }
    ]) {
      const r = await call('report:build', input)
      expect(r.ok, JSON.stringify(input)).toBe(false)
      if (!r.ok) expect(r.error.code).toBe('invalid_input')
    }
    const empty = await call('report:build', { setIDs: [] })
    expect(empty.ok ? '' : empty.error.message).toContain('at least one set')
    expect(h.store.read.prepare('SELECT total_changes() AS n').get()).toEqual(before)
  })

  it('answers a PDF request in the browser host with the way to print instead', async () => {
    const { call } = await setup()
    const r = await call('report:savePdf', { paper: 'A4', suggestedName: 'report.pdf' })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/use Print/)
    const bad = await call('report:savePdf', { paper: 'A4', suggestedName: '../x.sh' })
    expect(bad.ok ? '' : bad.error.code).toBe('invalid_input')
  })
})
