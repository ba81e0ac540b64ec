import type { GainGrouping, GainRowDto, GainsDto } from '../../src/shared/model/ledger'

/** A sale on eBay as the dispose dialog sends it. */
export const EBAY_SALE = {
  kind: 'sold',
  disposedOn: '2025-06-01',
  proceeds: 180,
  proceedsCurrency: 'EUR',
  note: 'eBay'
} as const

/**
 * The ledger entry's own figures for a copyFields() copy (100 + 10 EUR paid, worth 150) sold as
 * EBAY_SALE: a gain of 70 EUR. Main's ledger tests expect it; the renderer's fake backend answers it.
 */
export const EBAY_SALE_ENTRY = {
  ...EBAY_SALE,
  pricePaid: 100,
  additionalPricePaid: 10,
  currency: 'EUR',
  dateAcquired: '2021-05-01',
  conditionWhenAcquired: 'New',
  estimatedValue: 150,
  gain: 70,
  gainCurrency: 'EUR'
} as const

/** The gains of an empty ledger and collection, grouped `by`: empty tables, nothing truncated. */
export const emptyGains = (by: GainGrouping): GainsDto => ({
  by,
  realised: [],
  unrealised: [],
  realisedTotals: [],
  unrealisedTotals: [],
  mixedCurrency: 0,
  truncated: false
})

/**
 * A by-set gains row for the edit harness's set `setID` (numbered `${setID}-1`, named
 * "Set number ${setID}": test/collection/harness.ts) in `currency`, with the figures given.
 */
export const setGainRow = (
  setID: number,
  currency: string,
  figures: Pick<GainRowDto, 'copies' | 'paid' | 'value' | 'gain' | 'unestimated'>
): GainRowDto => ({ key: `${setID}-1`, label: `Set number ${setID}`, currency, ...figures })
