import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateCatalogue, gtinCheckDigit, YEAR_FROM, YEAR_TO } from '../../src/emulator/catalogue'
import { createReferenceService } from '../../src/emulator/index'
import { setDetails, setMinifigs, setReviews } from '../../src/emulator/set-details'

/** Everything a client can ever see of a catalogue, as one string. */
function dump(seed: number, size: number): string {
  const cat = generateCatalogue(seed, size)
  const parts: string[] = [JSON.stringify(cat.themes)]
  for (const s of cat.sets)
    parts.push(JSON.stringify([s, setDetails(cat, s), setMinifigs(cat, s), setReviews(cat, s)]))
  return parts.join('\n')
}

describe('catalogue generator', () => {
  it('gives byte-identical catalogues for the same seed, and different ones for another', () => {
    const a = dump(42, 3000)
    expect(dump(42, 3000)).toBe(a)
    expect(dump(43, 3000)).not.toBe(a)
  })

  it('keeps values in range: years, unique ids and numbers, valid EAN/UPC check digits', () => {
    const cat = generateCatalogue(5, 5000)
    expect(cat.sets).toHaveLength(5000)
    expect(new Set(cat.sets.map((s) => s.setID)).size).toBe(5000)
    expect(new Set(cat.sets.map((s) => `${s.number}-${s.numberVariant}`)).size).toBe(5000)
    expect(cat.sets.some((s) => s.numberVariant > 1)).toBe(true)
    for (const s of cat.sets) {
      expect(s.year).toBeGreaterThanOrEqual(YEAR_FROM)
      expect(s.year).toBeLessThanOrEqual(YEAR_TO)
      if (s.EAN !== '') expect(Number(s.EAN.slice(12))).toBe(gtinCheckDigit(s.EAN.slice(0, 12)))
      if (s.UPC !== '') expect(Number(s.UPC.slice(11))).toBe(gtinCheckDigit(s.UPC.slice(0, 11)))
    }
    expect(cat.sets.filter((s) => s.EAN !== '').length).toBeGreaterThan(1000)
    expect(gtinCheckDigit('400638133393')).toBe(1)
    expect(gtinCheckDigit('03600029145')).toBe(2)
  })

  it('refuses sizes outside 1 to 200,000', () => {
    expect(() => generateCatalogue(1, 0)).toThrow(RangeError)
    expect(() => generateCatalogue(1, 200_001)).toThrow(RangeError)
  })
})

describe('service data', () => {
  it('keeps collection changes and set changes in its SQLite file across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-'))
    try {
      const dbPath = join(dir, 'service.sqlite')
      const first = createReferenceService({ sets: 200, seed: 9, dbPath })
      const setID = first.admin.touchSets(1)[0] ?? 0
      first.admin.setCollectionValue('alice', setID, {
        qtyOwned: 3,
        notes: 'kept',
        flags: { 2: true }
      })
      const before = await (
        await first.handle(
          new Request(
            `http://t/api/v2.asmx/getSet?apiKey=${first.demo.apiKey}&userHash=&SetID=${setID}`
          )
        )
      ).text()
      first.close()
      const second = createReferenceService({ sets: 200, seed: 9, dbPath })
      expect(second.admin.getCollectionValue('alice', setID)).toEqual({
        owned: true,
        wanted: false,
        qtyOwned: 3,
        notes: 'kept',
        rating: 0,
        flags: [false, true, false, false, false, false, false, false]
      })
      const after = await (
        await second.handle(
          new Request(
            `http://t/api/v2.asmx/getSet?apiKey=${second.demo.apiKey}&userHash=&SetID=${setID}`
          )
        )
      ).text()
      expect(after).toBe(before)
      second.close()
      const other = createReferenceService({ sets: 200, seed: 10, dbPath })
      expect(other.admin.getCollectionValue('alice', setID).qtyOwned).toBe(0)
      other.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('moves lastUpdated of touched sets only, and keeps collection invariants', async () => {
    let now = new Date('2026-03-01T12:00:00Z')
    const svc = createReferenceService({ sets: 500, seed: 2, now: () => now })
    const recent = async (minutes: number): Promise<string> =>
      (
        await svc.handle(
          new Request(
            `http://t/api/v2.asmx/getRecentlyUpdatedSets?apiKey=${svc.demo.apiKey}&minutesAgo=${minutes}`
          )
        )
      ).text()
    expect(await recent(60)).toContain('xsi:nil="true"')
    const ids = svc.admin.touchSets(5)
    expect(new Set(ids).size).toBe(5)
    const body = await recent(60)
    expect([...body.matchAll(/<setID>(\d+)<\/setID>/g)].map((m) => Number(m[1])).sort()).toEqual(
      [...ids].sort()
    )
    expect(body).toContain('<lastUpdated>2026-03-01T12:00:00.000</lastUpdated>')
    now = new Date('2026-03-01T14:00:00Z')
    expect(await recent(60)).toContain('xsi:nil="true"')
    const id = ids[0] ?? 0
    svc.admin.setCollectionValue('bob', id, { qtyOwned: 2 })
    expect(svc.admin.getCollectionValue('bob', id)).toMatchObject({ owned: true, qtyOwned: 2 })
    svc.admin.setCollectionValue('bob', id, { owned: false })
    expect(svc.admin.getCollectionValue('bob', id)).toMatchObject({ owned: false, qtyOwned: 0 })
    svc.close()
  })
})
