import type {
  AdditionalImageRecord,
  CollectionDetailRecord,
  CollectionTotalsRecord,
  ConditionRecord,
  InstructionRecord,
  MinifigCollectionRecord,
  ReviewRecord,
  SetDataRecord,
  SetRecord,
  SubthemeDataRecord,
  SubthemeRecord,
  ThemeDataRecord,
  ThemeRecord,
  UserNotesRecord,
  YearRecord
} from '../../shared/protocol/records'
import type { CallOptions } from './types'

/** A string parameter: sent as text (booleans as 1/0). */
export type Text = string | number | boolean
/** An int parameter: a whole number or its digits. */
export type Int = number | string

/** apiKey and userHash come from the client's secrets unless a call gives them. */
export interface Auth {
  apiKey?: string
  userHash?: string
}
export interface UserFilter extends Auth {
  owned?: Text
  wanted?: Text
}
export interface GetSetsParams extends UserFilter {
  query?: Text
  theme?: Text
  subtheme?: Text
  setNumber?: Text
  year?: Text
  orderBy?: Text
  pageSize?: Int
  pageNumber?: Int
  userName?: Text
}
/** A copy to write with setCollectionDetail: collectionID 0 adds one (docs/protocol.md §2). */
export type CollectionDetailInput = {
  [K in keyof CollectionDetailRecord]?: CollectionDetailRecord[K]
} & Pick<CollectionDetailRecord, 'collectionID'>

type R<T> = Promise<T>
type O = CallOptions

export interface V2Api {
  getSets(params?: GetSetsParams, opts?: O): R<SetRecord[]>
  getSet(params: Auth & { SetID: Int }, opts?: O): R<SetRecord[]>
  getRecentlyUpdatedSets(params: Auth & { minutesAgo: Int }, opts?: O): R<SetRecord[]>
  getAdditionalImages(params: Auth & { setID: Int }, opts?: O): R<AdditionalImageRecord[]>
  getReviews(params: Auth & { setID: Int }, opts?: O): R<ReviewRecord[]>
  getInstructions(params: Auth & { setID: Int }, opts?: O): R<InstructionRecord[]>
  getMinifigCollection(
    params?: UserFilter & { query?: Text },
    opts?: O
  ): R<MinifigCollectionRecord[]>
  getThemes(params?: Auth, opts?: O): R<ThemeRecord[]>
  getSubthemes(params: Auth & { theme: Text }, opts?: O): R<SubthemeRecord[]>
  getYears(params?: Auth & { theme?: Text }, opts?: O): R<YearRecord[]>
  getThemesForUser(params?: UserFilter, opts?: O): R<ThemeRecord[]>
  getSubthemesForUser(params: UserFilter & { theme: Text }, opts?: O): R<SubthemeRecord[]>
  getYearsForUser(params?: UserFilter & { theme?: Text }, opts?: O): R<YearRecord[]>
  getUserNotes(params?: Auth, opts?: O): R<UserNotesRecord[]>
  /** null when the service sends a nil record. */
  getCollectionTotals(params?: Auth, opts?: O): R<CollectionTotalsRecord | null>
  setCollection(params: Auth & { setID: Int; qtyOwned: Int; wanted: Int }, opts?: O): R<void>
  setCollection_owns(params: Auth & { setID: Int; owned: Int }, opts?: O): R<void>
  setCollection_wants(params: Auth & { setID: Int; wanted: Int }, opts?: O): R<void>
  setCollection_userNotes(params: Auth & { setID: Int; notes: string }, opts?: O): R<void>
  setCollection_qtyOwned(params: Auth & { setID: Int; qtyOwned: Int }, opts?: O): R<void>
  setUserRating(params: Auth & { setID: Int; rating: Int }, opts?: O): R<void>
  setMinifigCollection(
    params: Auth & { minifigNumber: Text; qtyOwned: Int; wanted: Int },
    opts?: O
  ): R<void>
  /** Resolves with the userHash exactly as sent (opaque). */
  login(params: { apiKey?: string; username: string; password: string }, opts?: O): R<string>
  setCollectionDetail(params: Auth & { detail: CollectionDetailInput }, opts?: O): R<void>
  getCollectionDetail(params: Auth & { SetID: Int }, opts?: O): R<CollectionDetailRecord[]>
  getCollectionDetailConditions(params?: Auth & { which?: Text }, opts?: O): R<ConditionRecord[]>
  /** Resolves when the key is accepted; throws invalid_key otherwise. */
  checkKey(params?: { apiKey?: string }, opts?: O): R<void>
  /** Resolves with the user's name; throws invalid_user_hash otherwise. */
  checkUserHash(params?: { userHash?: string }, opts?: O): R<string>
}

/** A v3 JSON object (`status` is always "success" here; errors are thrown). */
export interface V3Result {
  readonly status: 'success'
  readonly [key: string]: unknown
}
export interface V3FlagLabels extends V3Result {
  readonly flags?: readonly { readonly flagNo: number; readonly label: string }[]
}
export interface V3SetsPage extends V3Result {
  readonly matches?: number
  readonly sets?: readonly Readonly<Record<string, unknown>>[]
}
/** A v3 list answer: `matches` is the list's length. */
export type V3List<K extends string, T> = V3Result & { readonly matches?: number } & {
  readonly [P in K]?: readonly T[]
}
export interface V3ThemeRow {
  readonly theme: string
  readonly setCount: number
  readonly subthemeCount: number
  readonly yearFrom: number
  readonly yearTo: number
}
export interface V3SubthemeRow {
  readonly theme: string
  readonly subtheme: string
  readonly setCount: number
  readonly yearFrom: number
  readonly yearTo: number
}
export interface V3YearRow {
  readonly theme: string
  readonly year: string
  readonly setCount: number
}
/** `params` may be given as an object; it is sent as JSON text. */
export type JsonParams = string | Readonly<Record<string, unknown>>

/** v3 reads resolve with null when the service answers an empty body ("no data", docs/protocol.md §5). */
export interface V3Api {
  getReviews(params: Auth & { setID: Int }, opts?: O): R<V3Result | null>
  getInstructions2(params: Auth & { setNumber: Text }, opts?: O): R<V3Result | null>
  getMinifigCollection(params?: Auth & { Params?: JsonParams }, opts?: O): R<V3Result | null>
  setMinifigCollection(
    params: Auth & { minifigNumber: Text; params: JsonParams },
    opts?: O
  ): R<void>
  setCollection(params: Auth & { SetID: Int; params: JsonParams }, opts?: O): R<void>
  getUserFlagLabels(params?: Auth, opts?: O): R<V3FlagLabels | null>
  setUserFlagLabels(params: Auth & { params: JsonParams }, opts?: O): R<void>
  getSets(params?: Auth & { params?: JsonParams }, opts?: O): R<V3SetsPage | null>
  // Production's further v3 operations (docs/protocol.md §5).
  /** Resolves when the key is accepted; throws invalid_key otherwise (as v2's). */
  checkKey(params?: { apiKey?: string }, opts?: O): R<void>
  /** `hash` is the userHash, opaque. */
  login(
    params: { apiKey?: string; username: string; password: string },
    opts?: O
  ): R<(V3Result & { readonly hash?: string }) | null>
  checkUserHash(params?: Auth, opts?: O): R<V3Result | null>
  getKeyUsageStats(
    params?: { apiKey?: string },
    opts?: O
  ): R<V3List<'apiKeyUsage', { readonly dateStamp: string; readonly count: number }> | null>
  getThemes(params?: Auth, opts?: O): R<V3List<'themes', V3ThemeRow> | null>
  getSubthemes(
    params: Auth & { Theme: Text },
    opts?: O
  ): R<V3List<'subthemes', V3SubthemeRow> | null>
  getYears(params?: Auth & { Theme?: Text }, opts?: O): R<V3List<'years', V3YearRow> | null>
  getAdditionalImages(
    params: Auth & { setID: Int },
    opts?: O
  ): R<V3List<
    'additionalImages',
    { readonly thumbnailURL: string; readonly imageURL: string }
  > | null>
  getInstructions(
    params: Auth & { setID: Int },
    opts?: O
  ): R<V3List<'instructions', { readonly URL: string; readonly description: string }> | null>
  getUserNotes(
    params?: Auth,
    opts?: O
  ): R<V3List<'userNotes', { readonly setID: number; readonly notes: string }> | null>
  getUserMinifigNotes(
    params?: Auth,
    opts?: O
  ): R<V3List<
    'userMinifigNotes',
    { readonly minifigNumber: string; readonly notes: string }
  > | null>
}

export interface LegacySearchParams {
  query?: Text
  theme?: Text
  subtheme?: Text
  setNumber?: Text
  year?: Text
}

export interface LegacyApi {
  search2(
    params?: LegacySearchParams & {
      apiKey?: string
      userName?: Text
      owned?: Text
      wanted?: Text
      orderBy?: Text
      numberOfRecords?: Text
    },
    opts?: O
  ): R<SetDataRecord[]>
  search(
    params?: LegacySearchParams & Auth & { Owned?: Text; Wanted?: Text },
    opts?: O
  ): R<SetDataRecord[]>
  searchBySetID(params: { SetID: Text }, opts?: O): R<SetDataRecord[]>
  updatedSince(params: { apiKey?: string; sinceDate: Text }, opts?: O): R<SetDataRecord[]>
  /** Resolves with the userHash; throws invalid_credentials on the empty answer. */
  login(params: { u: string; p: string }, opts?: O): R<string>
  updateOwn(params: { userHash?: string; setID: Int; own: Int }, opts?: O): R<void>
  updateWant(params: { userHash?: string; setID: Int; want: Int }, opts?: O): R<void>
  updateUserNotes(params: { userHash?: string; setID: Int; notes: string }, opts?: O): R<void>
  updateQtyOwned(params: { userHash?: string; setID: Int; qty: Int }, opts?: O): R<void>
  listThemes(params?: Record<string, never>, opts?: O): R<ThemeDataRecord[]>
  listSubthemes(params: { theme: Text }, opts?: O): R<SubthemeDataRecord[]>
}
