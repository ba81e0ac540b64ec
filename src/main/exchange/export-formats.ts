import type { FlagLabelDto } from '../../shared/model/collection'
import type { RegionalPrices } from '../../shared/model/catalog'
import type { ExportFormat } from '../../shared/model/exchange'
import type { CopyValue } from '../collection/index'
import { writeCsv } from './csv'
import type { Cell } from './csv'
import { formatServiceDate } from '../../shared/model/service-date'

/** A set of the user's collection with what every export needs; built from the store. */
export interface ExportSet {
  readonly setID: number
  readonly fullNumber: string
  readonly name: string
  readonly theme: string
  readonly subtheme: string
  readonly year: number | null
  readonly pieces: number | null
  readonly minifigs: number | null
  readonly prices: RegionalPrices
  readonly owned: boolean
  readonly wanted: boolean
  readonly qtyOwned: number
  readonly notes: string
  readonly rating: number
  /** Index 0 is flag 1. */
  readonly flags: readonly boolean[]
  readonly copies: readonly (CopyValue & { readonly collectionID: number | null })[]
}

export interface ExportFile {
  readonly filename: string
  readonly mime: string
  readonly content: string
  readonly rows: number
}

const yesNo = (b: boolean): string => (b ? 'Yes' : 'No')

/** The label shown for a flag: the user's label, or "Flag N" while it has none. */
export function flagTitle(labels: readonly FlagLabelDto[], flagNo: number): string {
  const label = labels.find((l) => l.flagNo === flagNo)?.label.trim() ?? ''
  return label === '' ? `Flag ${flagNo}` : label
}

const FLAG_NOS = [1, 2, 3, 4, 5, 6, 7, 8] as const

const STUDBOOK_HEADER = [
  'Set ID',
  'Number',
  'Name',
  'Theme',
  'Subtheme',
  'Year',
  'Pieces',
  'Minifigs',
  'Owned',
  'Wanted',
  'Qty owned',
  'Notes',
  'Rating',
  'Flags',
  'Copy ID',
  'Date acquired',
  'Currency',
  'Price paid',
  'Additional price paid',
  'Current estimated value',
  'Condition when acquired',
  'Acquired from',
  'Condition now',
  'Location',
  'Copy notes',
  'Parts',
  'Minifigures',
  'Instructions',
  'Box',
  'Will trade'
]

function studbook(sets: readonly ExportSet[], labels: readonly FlagLabelDto[]): Cell[][] {
  const rows: Cell[][] = []
  for (const s of sets) {
    const flags = FLAG_NOS.filter((n) => s.flags[n - 1] === true).map((n) => flagTitle(labels, n))
    const setCells: Cell[] = [
      s.setID,
      s.fullNumber,
      s.name,
      s.theme,
      s.subtheme,
      s.year,
      s.pieces,
      s.minifigs,
      yesNo(s.owned),
      yesNo(s.wanted),
      s.qtyOwned,
      s.notes,
      s.rating,
      flags.join('; ')
    ]
    if (s.copies.length === 0) rows.push([...setCells, ...new Array<Cell>(16).fill(null)])
    for (const c of s.copies) {
      rows.push([
        ...setCells,
        c.collectionID,
        // Stored yyyy-MM-dd (read from the service's text by the one parser); exported as such.
        formatServiceDate(c.dateAcquired, 'yyyy-MM-dd'),
        c.currency,
        c.pricePaid,
        c.additionalPricePaid,
        c.currentEstimatedValue,
        c.conditionWhenAcquired,
        c.acquiredFrom,
        c.conditionNow,
        c.location,
        c.notes,
        yesNo(c.parts),
        yesNo(c.minifigs),
        yesNo(c.instructions),
        yesNo(c.box),
        yesNo(c.willTrade)
      ])
    }
  }
  return rows
}

/** Column names of the collection list, in the layout of the service website's own export. */
export const COLLECTION_COLUMNS = [
  'Number',
  'Set name',
  'Theme',
  'Subtheme',
  'Year',
  'Pieces',
  'Minifigs',
  'UK retail price',
  'US retail price',
  'CA retail price',
  'EU retail price',
  'Owned',
  'Wanted',
  'Qty',
  'Notes'
] as const

function collectionList(sets: readonly ExportSet[]): Cell[][] {
  return sets.map((s) => [
    s.fullNumber,
    s.name,
    s.theme,
    s.subtheme,
    s.year,
    s.pieces,
    s.minifigs,
    s.prices.UK,
    s.prices.US,
    s.prices.CA,
    s.prices.EU,
    yesNo(s.owned),
    yesNo(s.wanted),
    s.qtyOwned,
    s.notes,
    ...FLAG_NOS.map((n) => yesNo(s.flags[n - 1] === true))
  ])
}

export const REBRICKABLE_COLUMNS = [
  'Set Number',
  'Quantity',
  'Includes Spares',
  'Inventory ver'
] as const

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c] ?? ''};`
  )

/** BrickLink's wanted-list upload format: one ITEM per wanted set (type S), notes as remarks. */
function bricklinkXml(sets: readonly ExportSet[]): string {
  const items = sets
    .filter((s) => s.wanted)
    .map((s) => {
      const remarks = s.notes.trim() === '' ? '' : `\n    <REMARKS>${escapeXml(s.notes)}</REMARKS>`
      return `  <ITEM>\n    <ITEMTYPE>S</ITEMTYPE>\n    <ITEMID>${escapeXml(s.fullNumber)}</ITEMID>\n    <MINQTY>1</MINQTY>\n    <NOTIFY>N</NOTIFY>${remarks}\n  </ITEM>\n`
    })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<INVENTORY>\n${items.join('')}</INVENTORY>\n`
}

/**
 * One export file from the collection. Studbook full: one row per copy (or per set without copies);
 * collection list: one row per set; Rebrickable: owned sets with their quantity; BrickLink: wanted.
 */
export function buildExport(
  format: ExportFormat,
  sets: readonly ExportSet[],
  labels: readonly FlagLabelDto[],
  options: { bom?: boolean; date: string }
): ExportFile {
  const csv = (name: string, header: readonly string[], rows: Cell[][]): ExportFile => ({
    filename: `${name}-${options.date}.csv`,
    mime: 'text/csv',
    content: writeCsv(header, rows, { bom: options.bom === true }),
    rows: rows.length
  })
  switch (format) {
    case 'studbook':
      return csv('studbook-collection', STUDBOOK_HEADER, studbook(sets, labels))
    case 'collection':
      return csv(
        'collection',
        [...COLLECTION_COLUMNS, ...FLAG_NOS.map((n) => flagTitle(labels, n))],
        collectionList(sets)
      )
    case 'rebrickable':
      return csv(
        'rebrickable-sets',
        REBRICKABLE_COLUMNS,
        sets
          .filter((s) => s.owned && s.qtyOwned > 0)
          .map((s) => [s.fullNumber, s.qtyOwned, 'True', 1])
      )
    case 'bricklink': {
      const content = bricklinkXml(sets)
      return {
        filename: `bricklink-wanted-${options.date}.xml`,
        mime: 'application/xml',
        content,
        rows: sets.filter((s) => s.wanted).length
      }
    }
  }
}
