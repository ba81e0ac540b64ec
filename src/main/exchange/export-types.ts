import type { RegionalPrices } from '../../shared/model/catalog'
import type { FlagLabelDto, SetCollectionDto } from '../../shared/model/collection'
import type { CopyValue } from '../collection/index'
import type { PortableView } from '../views/index'
import type { Cell } from './csv'
import type { LocalRows } from './local-rows'

/**
 * A set of the user's collection with what every export needs; built from the store. Its own
 * fields are the screens' (SetCollectionDto, flags index 0 is flag 1) without the sync state.
 */
export interface ExportSet extends Omit<SetCollectionDto, 'sync'> {
  readonly setID: number
  readonly fullNumber: string
  readonly name: string
  readonly theme: string
  readonly subtheme: string
  readonly year: number | null
  readonly pieces: number | null
  readonly minifigs: number | null
  readonly prices: RegionalPrices
  readonly ean: string | null
  readonly upc: string | null
  readonly dimensions: {
    readonly width: string | null
    readonly height: string | null
    readonly depth: string | null
    readonly weight: string | null
  }
  /** The shop's first and last day (yyyy-MM-dd), as the catalogue gives them. */
  readonly launchDate: string | null
  readonly exitDate: string | null
  readonly copies: readonly (CopyValue & { readonly collectionID: number | null })[]
}

/** A minifigure the user owns loose or wants (those only in owned sets follow from the sets). */
interface ExportMinifig {
  readonly number: string
  readonly name: string
  readonly category: string
  readonly ownedLoose: number
  readonly wanted: boolean
}

export interface ExportCollection {
  readonly sets: readonly ExportSet[]
  readonly minifigs: readonly ExportMinifig[]
  readonly labels: readonly FlagLabelDto[]
  /** Saved views, in order: only our full export carries them. */
  readonly views?: readonly PortableView[]
  /** The local tables' rows (store/local-tables): only our full export carries them. */
  readonly local?: LocalRows
}

export interface ExportFile {
  readonly filename: string
  readonly mime: string
  readonly content: string
  readonly rows: number
}

export const FLAG_NOS = [1, 2, 3, 4, 5, 6, 7, 8] as const

export const yesNo = (b: boolean): string => (b ? 'Yes' : 'No')

/**
 * A set's catalogue cells in the order both CSV exports give them (Brickset's and ours): number,
 * name, theme, subtheme, year, pieces, minifigures.
 */
export const catalogueCells = (s: ExportSet): Cell[] => [
  s.fullNumber,
  s.name,
  s.theme,
  s.subtheme,
  s.year,
  s.pieces,
  s.minifigs
]

/** The label shown for a flag: the user's label, or `unnamed` ("Flag N") while it has none. */
export function flagTitle(
  labels: readonly FlagLabelDto[],
  flagNo: number,
  unnamed = `Flag ${flagNo}`
): string {
  const label = labels.find((l) => l.flagNo === flagNo)?.label.trim() ?? ''
  return label === '' ? unnamed : label
}
