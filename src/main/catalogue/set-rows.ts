import { FLAG_COUNT } from '../../shared/model/collection'
import type { EditSyncState, SetCollectionDto } from '../../shared/model/collection'
import type { SetDetailDto, SetSummaryDto } from '../../shared/model/catalog'
import { readSetDetail } from './set-detail-json'
import { usOnly } from './sets-repo'
import type { SetStateSql } from './set-state-port'
import { raw } from '../store/sql'
import type { Sql } from '../store/sql'

/** The catalogue's columns every set listing selects. */
export const SET_COLUMNS = `s.set_id, s.full_number, s.number, s.number_variant, s.name, s.year,
  s.theme, s.subtheme, s.pieces, s.minifigs, s.availability, s.rating, s.thumbnail_url`

/**
 * The columns search and set detail select: the catalogue's and the user's state, whose columns
 * (the sync mark from the outbox among them) come from the collection's SetStateSql.
 */
export const summaryColumns = (state: SetStateSql): Sql =>
  raw(`${SET_COLUMNS},
  ${state.stateColumns.text}`)

export interface SummaryRow {
  set_id: number
  full_number: string
  number: string
  number_variant: number
  name: string
  year: number | null
  theme: string
  subtheme: string
  pieces: number | null
  minifigs: number | null
  availability: string
  rating: number
  thumbnail_url: string | null
  owned: number
  wanted: number
  qty_owned: number
  notes: string
  user_rating: number
  flags: number
  edit_states: string | null
}

export interface DetailRow extends SummaryRow {
  theme_group: string
  ean: string | null
  upc: string | null
  tags: string
  uk_price: string | null
  us_price: string | null
  ca_price: string | null
  eu_price: string | null
  large_thumbnail_url: string | null
  image_url: string | null
  last_updated: string
  detail: string
}

/** The worst state of a set's outbox rows: a conflict matters more than a pending push. */
export function syncStateOf(states: string | null): EditSyncState {
  if (states === null) return 'synced'
  if (states.includes('conflict')) return 'conflict'
  if (states.includes('needs_attention')) return 'needs_attention'
  return 'pending'
}

function flagsOf(mask: number): boolean[] {
  return Array.from({ length: FLAG_COUNT }, (_, i) => (mask & (1 << i)) !== 0)
}

/** A set's user state as its row stores it: 0/1 marks and the flags as a bit mask. */
interface StateColumns {
  readonly owned: number
  readonly wanted: number
  readonly qty_owned: number
  readonly notes: string
  readonly flags: number
}

/** The user's state of a set as the app's DTOs give it (the rating is read under several names). */
export function userStateOf(r: StateColumns, rating: number): Omit<SetCollectionDto, 'sync'> {
  return {
    owned: r.owned === 1,
    wanted: r.wanted === 1,
    qtyOwned: r.qty_owned,
    notes: r.notes,
    rating,
    flags: flagsOf(r.flags)
  }
}

function collectionOf(r: SummaryRow): SetCollectionDto {
  return { ...userStateOf(r, r.user_rating), sync: syncStateOf(r.edit_states) }
}

/** App-local media URLs (served by AppContext.media): the renderer never loads remote images. */
export function mediaPath(
  kind: 'thumb' | 'large' | 'image',
  profileId: number,
  setID: number
): string {
  return `media/${kind}/${profileId}/${setID}`
}

export function summaryOf(r: SummaryRow, profileId: number): SetSummaryDto {
  return {
    setID: r.set_id,
    fullNumber: r.full_number,
    number: r.number,
    numberVariant: r.number_variant,
    name: r.name,
    year: r.year,
    theme: r.theme,
    subtheme: r.subtheme,
    pieces: r.pieces,
    minifigs: r.minifigs,
    availability: r.availability,
    rating: r.rating,
    thumbnail: r.thumbnail_url ? mediaPath('thumb', profileId, r.set_id) : null,
    collection: collectionOf(r)
  }
}

const intOrNull = (s: string | null) => (s !== null && /^\d+$/.test(s.trim()) ? Number(s) : null)

export function detailOf(r: DetailRow, profileId: number): SetDetailDto {
  const d = readSetDetail(r.detail)
  return {
    ...summaryOf(r, profileId),
    themeGroup: r.theme_group,
    category: d.category,
    packagingType: d.packagingType,
    released: d.released,
    image: r.image_url ? mediaPath('image', profileId, r.set_id) : null,
    largeImage: r.large_thumbnail_url ? mediaPath('large', profileId, r.set_id) : null,
    serviceURL: d.serviceURL,
    prices: { UK: r.uk_price, US: r.us_price, CA: r.ca_price, EU: r.eu_price },
    shopDateAdded: d.shopDateAdded,
    shopDateRemoved: d.shopDateRemoved,
    shopDates: d.shopDates ?? usOnly(d.shopDateAdded, d.shopDateRemoved),
    ageMin: intOrNull(d.ageMin),
    ageMax: intOrNull(d.ageMax),
    dimensions: { height: d.height, width: d.width, depth: d.depth, weight: d.weight },
    EAN: r.ean,
    UPC: r.upc,
    description: d.description,
    tags: r.tags
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== ''),
    ownedByTotal: d.ownedByTotal,
    wantedByTotal: d.wantedByTotal,
    reviewCount: d.reviewCount,
    instructionsCount: d.instructionsCount,
    additionalImageCount: d.additionalImageCount,
    lastUpdated: r.last_updated === '' ? null : r.last_updated
  }
}
