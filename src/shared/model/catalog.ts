import type { SetCollectionDto } from './collection'

/** What the UI sees of the catalogue: transport types, not database rows or wire records. */
export interface ThemeDto {
  readonly theme: string
  readonly setCount: number
  readonly subthemeCount: number
  readonly yearFrom: number
  readonly yearTo: number
}

export interface SubthemeDto {
  readonly theme: string
  readonly subtheme: string
  readonly setCount: number
  readonly yearFrom: number
  readonly yearTo: number
}

export interface SetSummaryDto {
  readonly setID: number
  /** `NUMBER-VARIANT`, e.g. `10179-1`: the form collectors type and exports use. */
  readonly fullNumber: string
  readonly number: string
  readonly numberVariant: number
  readonly name: string
  readonly year: number | null
  readonly theme: string
  readonly subtheme: string
  readonly pieces: number | null
  readonly minifigs: number | null
  readonly availability: string
  readonly rating: number
  /** App-local URL of the cached thumbnail (`media/...`), or null when the set has no image. */
  readonly thumbnail: string | null
  readonly collection: SetCollectionDto
}

export interface RegionalPrices {
  readonly UK: string | null
  readonly US: string | null
  readonly CA: string | null
  readonly EU: string | null
}

export type ShopRegion = 'US' | 'UK' | 'CA' | 'DE'

/** First and last day (yyyy-MM-dd) a region's shop sold the set; null when unknown. */
export interface ShopDates {
  readonly first: string | null
  readonly last: string | null
}

export interface SetDetailDto extends SetSummaryDto {
  readonly themeGroup: string
  readonly category: string
  readonly packagingType: string
  readonly released: boolean
  readonly image: string | null
  readonly largeImage: string | null
  /** The set's page on the service, opened outside the app. */
  readonly serviceURL: string | null
  readonly prices: RegionalPrices
  /** The US shop's dates (what v2 records carry). */
  readonly shopDateAdded: string | null
  readonly shopDateRemoved: string | null
  /** Every region's shop dates; v2 records fill US only. */
  readonly shopDates: Readonly<Record<ShopRegion, ShopDates>>
  readonly ageMin: number | null
  readonly ageMax: number | null
  readonly dimensions: {
    readonly height: string | null
    readonly width: string | null
    readonly depth: string | null
    readonly weight: string | null
  }
  readonly EAN: string | null
  readonly UPC: string | null
  readonly description: string
  readonly tags: readonly string[]
  readonly ownedByTotal: number
  readonly wantedByTotal: number
  readonly reviewCount: number
  readonly instructionsCount: number
  readonly additionalImageCount: number
  /** ISO 8601; null when the service says it was never updated. */
  readonly lastUpdated: string | null
}

export interface ReviewDto {
  readonly author: string
  readonly datePosted: string
  readonly title: string
  /** Plain text: markup in reviews is never rendered as HTML. */
  readonly text: string
  readonly overallRating: number
  readonly parts: number
  readonly buildingExperience: number
  readonly playability: number
  readonly valueForMoney: number
}

export interface SetExtrasDto {
  readonly setID: number
  readonly images: readonly { readonly thumbnail: string; readonly image: string }[]
  readonly instructions: readonly { readonly url: string; readonly description: string }[]
  readonly reviews: readonly ReviewDto[]
  /** ISO time the extras were fetched; null when never (offline and not cached). */
  readonly fetchedAt: string | null
}

export interface FacetCount {
  readonly value: string
  readonly count: number
}

export interface SearchFacets {
  readonly themes: readonly FacetCount[]
  readonly subthemes: readonly FacetCount[]
  readonly years: readonly FacetCount[]
  readonly availability: readonly FacetCount[]
  readonly owned: number
  readonly wanted: number
  /** Count of sets carrying flag 1..8 (index 0 is flag 1). */
  readonly flags: readonly number[]
}

export interface SearchResultDto {
  readonly total: number
  readonly offset: number
  readonly rows: readonly SetSummaryDto[]
  /** Present when the query asked for facets. */
  readonly facets: SearchFacets | null
  /**
   * When the text as typed matches nothing (and a typo was forgiven): the text with each such
   * word spelled as the catalogue spells it, for a "did you mean" the user can click.
   */
  readonly didYouMean?: string | null
  /**
   * Present when `total` was counted before the catalogue's last change (a costly count is not
   * made again on every page of a load): asked again after this many ms, it is counted anew.
   */
  readonly recountInMs?: number
}
