import type { SearchQuery } from '../../../../shared/ipc/channels/catalog'

/**
 * What a search asks beside its text: the list it starts from (scope), the facet filters and the
 * sort key, and the rules that keep a set of filters tidy (an unset filter is absent).
 */
export type SortKey = NonNullable<SearchQuery['sort']>
export type Scope =
  | { readonly kind: 'all' }
  | { readonly kind: 'owned' }
  | { readonly kind: 'wanted' }
  | { readonly kind: 'flag'; readonly flag: number }

export interface Filters {
  theme?: string
  subtheme?: string
  yearFrom?: number
  yearTo?: number
  owned?: boolean
  wanted?: boolean
  flags: readonly number[]
  availability?: string
  price?: PriceFilter
  exitFrom?: number
  exitTo?: number
  /** Leaving a shop within this many days (the retirement watch's saved-view filter). */
  exitWithinDays?: number
  /** The shops that filter reads: those the user chose for the watch when it was set. */
  exitRegions?: NonNullable<SearchQuery['exitRegions']>
}

export type PriceFilter = NonNullable<SearchQuery['price']>

/** A change of filters: a key given as undefined clears that filter. */
export type FilterPatch = {
  readonly [K in Exclude<keyof Filters, 'flags'>]?: Filters[K] | undefined
} & { readonly flags?: readonly number[] }

/** Filters as set: an unset one is absent, never undefined. */
export function filtersOf(f: FilterPatch & { readonly flags: readonly number[] }): Filters {
  return {
    flags: f.flags,
    ...(f.theme === undefined ? {} : { theme: f.theme }),
    ...(f.subtheme === undefined ? {} : { subtheme: f.subtheme }),
    ...(f.yearFrom === undefined ? {} : { yearFrom: f.yearFrom }),
    ...(f.yearTo === undefined ? {} : { yearTo: f.yearTo }),
    ...(f.owned === undefined ? {} : { owned: f.owned }),
    ...(f.wanted === undefined ? {} : { wanted: f.wanted }),
    ...(f.availability === undefined ? {} : { availability: f.availability }),
    ...laterFilters(f)
  }
}

/** The price and shop-exit filters, each present only when set. */
function laterFilters(f: {
  readonly price?: PriceFilter | undefined
  readonly exitFrom?: number | undefined
  readonly exitTo?: number | undefined
  readonly exitWithinDays?: number | undefined
  readonly exitRegions?: Filters['exitRegions'] | undefined
}): Pick<Filters, 'price' | 'exitFrom' | 'exitTo' | 'exitWithinDays' | 'exitRegions'> {
  return {
    ...(f.price === undefined ? {} : { price: f.price }),
    ...(f.exitFrom === undefined ? {} : { exitFrom: f.exitFrom }),
    ...(f.exitTo === undefined ? {} : { exitTo: f.exitTo }),
    ...(f.exitWithinDays === undefined ? {} : { exitWithinDays: f.exitWithinDays }),
    // The regions mean something only with the window: never kept without it.
    ...(f.exitWithinDays === undefined || f.exitRegions === undefined
      ? {}
      : { exitRegions: f.exitRegions })
  }
}

export function sameScope(a: Scope, b: Scope): boolean {
  return a.kind === b.kind && (a.kind !== 'flag' || b.kind !== 'flag' || a.flag === b.flag)
}

/** A pause in typing a year or an amount, after which the list follows what was typed. */
export const FILTER_TYPING_MS = 350
