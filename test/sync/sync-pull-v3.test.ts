import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setsOfPage } from '../../src/main/sync/pull/v3-sets'
import { checkV3SetsAnswer } from '../../src/shared/protocol/v3-set-records'
import { getSetDetail } from '../../src/main/catalogue/set-detail-repo'
import { NEVER_UPDATED } from '../../src/main/catalogue/index'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import type { SetDetailDto } from '../../src/shared/model/catalog'
import { FIXTURE_AT, makeSet, openTestStore } from '../catalogue/set-fixtures'
import type { TestStore } from '../catalogue/set-fixtures'
import { setStateSql } from '../../src/main/collection/index'

const RECORDED = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/production/production-v3/getSets-sets.json'), 'utf8')
) as unknown[]
// As the client's decoder hands it over: checked record by record.
const PAGE = checkV3SetsAnswer({ status: 'success', matches: 168, sets: RECORDED })

let t: TestStore
beforeEach(async () => {
  t = await openTestStore('v3-map')
})
afterEach(() => {
  t.close()
})

function storedRecording(): (setID: number) => SetDetailDto {
  const answer = setsOfPage(PAGE)
  if (!answer) throw new Error('no page')
  upsertSets(t.store.write, t.pid, answer.sets, FIXTURE_AT)
  return (setID) => {
    const d = getSetDetail(t.store.read, setStateSql, t.pid, setID)
    if (!d) throw new Error(`set ${setID} not stored`)
    return d
  }
}

const NO_DATES = { first: null, last: null }

describe('v3 getSets as production sends it', () => {
  it('reads the recorded page: its total and every set, in order', () => {
    const answer = setsOfPage(PAGE)
    expect(answer?.matches).toBe(168)
    expect(answer?.sets.map((s) => s.setID)).toEqual(
      RECORDED.map((s) => (s as { setID: number }).setID)
    )
  })

  it('stores a set sold in all four regions with every field of the nested record', () => {
    const d = storedRecording()(27845)
    expect(d).toMatchObject({
      fullNumber: '21311-1',
      name: 'Voltron',
      year: 2018,
      theme: 'Ideas',
      themeGroup: 'Miscellaneous',
      subtheme: 'Licensed',
      category: 'Normal',
      released: true,
      pieces: 2321,
      minifigs: null,
      serviceURL: 'https://brickset.com/sets/21311-1',
      prices: { UK: '159.99', US: '179.99', CA: '229.99', EU: '179.99' },
      shopDateAdded: '2018-08-01',
      shopDateRemoved: '2019-12-02',
      shopDates: {
        US: { first: '2018-08-01', last: '2019-12-02' },
        UK: { first: '2018-08-01', last: '2019-12-31' },
        CA: { first: '2018-08-01', last: '2019-12-02' },
        DE: { first: '2018-08-01', last: '2019-12-31' }
      },
      rating: 4.5,
      reviewCount: 4,
      packagingType: 'Box',
      availability: 'Retail - limited',
      instructionsCount: 20,
      additionalImageCount: 28,
      ageMin: null,
      ageMax: null,
      dimensions: { height: '48', width: '37.8', depth: '11.2', weight: null },
      EAN: '5702016068726',
      UPC: null,
      ownedByTotal: 7421,
      wantedByTotal: 2771,
      description: '',
      tags: [],
      lastUpdated: '2022-01-18T10:21:36.510Z'
    })
    expect(d.image).not.toBeNull()
    expect(d.largeImage).not.toBeNull()
    expect(d.thumbnail).not.toBeNull()
  })

  it('stores placeholders and "never" as unknown, and omitted values as empty', () => {
    const d = storedRecording()(7852)
    expect(d).toMatchObject({
      fullNumber: '1060-1',
      theme: 'Dacta',
      subtheme: '',
      pieces: 30,
      minifigs: null,
      packagingType: '',
      availability: '',
      rating: 0,
      prices: { UK: null, US: null, CA: null, EU: null },
      shopDateAdded: null,
      shopDateRemoved: null,
      shopDates: { US: NO_DATES, UK: NO_DATES, CA: NO_DATES, DE: NO_DATES },
      ageMin: null,
      dimensions: { height: null, width: null, depth: null, weight: null },
      EAN: null,
      UPC: null,
      ownedByTotal: 234,
      wantedByTotal: 167,
      lastUpdated: null
    })
  })

  it('stores a US price with its shop dates, weight and both barcodes', () => {
    const d = storedRecording()(5037)
    expect(d).toMatchObject({
      fullNumber: '6205-1',
      prices: { UK: null, US: '10.00', CA: null, EU: null },
      shopDateAdded: '2007-10-24',
      shopDateRemoved: '2008-04-22',
      shopDates: { US: { first: '2007-10-24', last: '2008-04-22' }, UK: NO_DATES },
      dimensions: { height: '14.4', width: '24', depth: '6', weight: '0.19' },
      EAN: '5702014467675',
      UPC: '673419078900',
      lastUpdated: '2018-11-21T22:57:11.193Z'
    })
  })

  it('stores a minimum age alone, and either barcode alone', () => {
    const at = storedRecording()
    expect(at(3832)).toMatchObject({ ageMin: 14, ageMax: null, EAN: '5702012006555', UPC: null })
    expect(at(5038)).toMatchObject({ ageMin: 8, ageMax: 12 })
    expect(at(2137)).toMatchObject({ EAN: '5702014259393', UPC: null })
    expect(at(2140)).toMatchObject({ EAN: null, UPC: '673419017213' })
    // A one-digit fraction is tenths: .9Z is 900 ms.
    expect(at(2136).lastUpdated).toBe('2021-05-07T00:56:41.900Z')
  })

  it('keeps the US shop dates of a v2 record as the US region', () => {
    upsertSets(
      t.store.write,
      t.pid,
      [makeSet({ setID: 5, USDateAddedToSAH: '2019-02-01', USDateRemovedFromSAH: '' })],
      FIXTURE_AT
    )
    const d = getSetDetail(t.store.read, setStateSql, t.pid, 5)
    expect(d?.shopDates).toEqual({
      US: { first: '2019-02-01', last: null },
      UK: NO_DATES,
      CA: NO_DATES,
      DE: NO_DATES
    })
    expect(d?.shopDateAdded).toBe('2019-02-01')
  })

  it('reads production\'s year-1 "never" as the catalogue\'s never, in the worker as inline', () => {
    // The client's decoder reads records in shared code, which cannot import the catalogue's constant.
    const s = { setID: 9, number: '9', numberVariant: 1, lastUpdated: '0001-01-01T00:00:00Z' }
    const page = checkV3SetsAnswer({ status: 'success', matches: 1, sets: [s] })
    expect(setsOfPage(page)?.sets[0]?.lastUpdated.getTime()).toBe(NEVER_UPDATED.getTime())
  })

  it('answers null for no page (an empty body), so the pull can fall back to v2', () => {
    expect(setsOfPage(null)).toBeNull()
  })
})
