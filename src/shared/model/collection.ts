/** Where a local edit stands with the service. */
export type EditSyncState = 'synced' | 'pending' | 'needs_attention' | 'conflict'

export const FLAG_COUNT = 8
/** Most characters a set's notes hold (the service's limit). */
export const NOTES_MAX = 1000

export interface SetCollectionDto {
  readonly owned: boolean
  readonly wanted: boolean
  readonly qtyOwned: number
  readonly notes: string
  /** The user's own rating, 0 (none) to 5. */
  readonly rating: number
  /** Flags 1..8 (index 0 is flag 1). */
  readonly flags: readonly boolean[]
  readonly sync: EditSyncState
}

/** One set's collection state, as an answer or an event carries it. */
export interface SetState {
  readonly setID: number
  readonly collection: SetCollectionDto
}

/**
 * The most set states one answer or event carries; beyond it the screens read the sets again
 * themselves. 5,000 of them cost the main thread 20-30 ms to take from the edit writer's thread
 * and 7 ms more to encode, for the few dozen rows a screen shows (issue #25).
 */
export const SET_STATES_MAX = 200

export interface CopyDto {
  /** Stable local id; the service's collectionID arrives after sync. */
  readonly localId: string
  readonly collectionID: number | null
  readonly setID: number
  readonly dateAcquired: string
  readonly currency: string
  readonly pricePaid: number
  readonly additionalPricePaid: number
  readonly currentEstimatedValue: number
  readonly conditionWhenAcquired: string
  readonly acquiredFrom: string
  readonly conditionNow: string
  readonly location: string
  readonly notes: string
  readonly parts: boolean
  readonly minifigs: boolean
  readonly instructions: boolean
  readonly box: boolean
  readonly willTrade: boolean
  /** The service's own flag on the record: read, kept and sent back as the user leaves it. */
  readonly modified: boolean
  /** A new copy the service gave no collectionID: it stays on this computer until retried. */
  readonly keptLocal: boolean
  /** The outbox row of this copy's change, for Retry and conflict answers; null when synced. */
  readonly outboxId: number | null
  readonly sync: EditSyncState
}

/** The fields of a copy record as raising the quantity creates it: nobody has written to it. */
type CopyFieldValues = Omit<
  CopyDto,
  'localId' | 'collectionID' | 'setID' | 'keptLocal' | 'outboxId' | 'sync'
>
export const BLANK_COPY: Readonly<CopyFieldValues> = {
  dateAcquired: '',
  currency: '',
  pricePaid: 0,
  additionalPricePaid: 0,
  currentEstimatedValue: 0,
  conditionWhenAcquired: '',
  acquiredFrom: '',
  conditionNow: '',
  location: '',
  notes: '',
  parts: false,
  minifigs: false,
  instructions: false,
  box: false,
  willTrade: false,
  modified: false
}

export interface MinifigDto {
  readonly minifigNumber: string
  readonly name: string
  readonly category: string
  readonly ownedInSets: number
  readonly ownedLoose: number
  readonly ownedTotal: number
  readonly wanted: boolean
  readonly sync: EditSyncState
  /** App-local `media/...` path of its picture, or null when the service gave none. */
  readonly thumbnail: string | null
}

/** A set a figure comes in, as the figure's page lists it. */
interface MinifigSetDto {
  readonly setID: number
  readonly fullNumber: string
  readonly name: string
  readonly year: number | null
  readonly thumbnail: string | null
  /** How many of the figure the set holds. */
  readonly quantity: number
  readonly owned: boolean
}

/** One figure with its large picture and every set of the catalogue it comes in. */
export interface MinifigDetailDto extends MinifigDto {
  readonly image: string | null
  readonly sets: readonly MinifigSetDto[]
}

/** A figure as a set's page lists it: how many of it the set holds. */
export interface SetMinifigDto extends MinifigDto {
  readonly quantity: number
}

export interface TotalsDto {
  readonly setsOwned: number
  readonly distinctSetsOwned: number
  readonly setsWanted: number
  readonly minifigsOwned: number
  readonly minifigsWanted: number
  readonly piecesOwned: number
  /** Sums over per-copy details, by currency code. */
  readonly money: readonly {
    readonly currency: string
    readonly paid: number
    readonly value: number
  }[]
  readonly byTheme: readonly { readonly theme: string; readonly owned: number }[]
  readonly byYear: readonly { readonly year: number; readonly owned: number }[]
  /**
   * Running totals by acquisition month (yyyy-MM), paid so far against current estimated value: one
   * series per currency, by currency code, since amounts in different currencies never add up.
   */
  readonly overTime: readonly {
    readonly currency: string
    readonly points: readonly {
      readonly month: string
      readonly paid: number
      readonly value: number
    }[]
  }[]
}

export interface NoteDto {
  readonly setID: number
  readonly fullNumber: string
  readonly name: string
  readonly notes: string
}

export interface FlagLabelDto {
  readonly flagNo: number
  readonly label: string
}
