import { z } from 'zod'
import { channel } from '../define'
import { empty, flagNo, setId } from './common'
import type {
  SearchResultDto,
  SetDetailDto,
  SetExtrasDto,
  SubthemeDto,
  ThemeDto
} from '../../model/catalog'
import { WATCH_DAYS_MAX } from '../../model/watch'

const SORT_KEYS = [
  'number',
  'name',
  'year',
  'pieces',
  'theme',
  'rating',
  'qtyOwned',
  'lastUpdated'
] as const

/** The shops the catalogue prices a set in: GBP, USD, CAD and EUR. */
const PRICE_REGIONS = ['UK', 'US', 'CA', 'EU'] as const

export const searchQuery = z
  .object({
    text: z.string().max(200).default(''),
    theme: z.string().max(200).optional(),
    subtheme: z.string().max(200).optional(),
    yearFrom: z.number().int().min(1900).max(2100).optional(),
    yearTo: z.number().int().min(1900).max(2100).optional(),
    owned: z.boolean().optional(),
    wanted: z.boolean().optional(),
    flags: z.array(flagNo).max(8).optional(),
    availability: z.string().max(100).optional(),
    /** Retail price at most `max`, in the currency of the region's shop (unpriced sets are out). */
    price: z
      .object({ region: z.enum(PRICE_REGIONS), max: z.number().min(0).max(1_000_000) })
      .strict()
      .optional(),
    /** The year the shop stops selling the set, as the catalogue gives it (unknown is out). */
    exitFrom: z.number().int().min(1900).max(2100).optional(),
    exitTo: z.number().int().min(1900).max(2100).optional(),
    /**
     * A shop of `exitRegions` (the US one unless said) stops selling the set from today to N days
     * ahead (the retirement watch; the regions are those the user chose for it).
     */
    exitWithinDays: z.number().int().min(1).max(WATCH_DAYS_MAX).optional(),
    exitRegions: z.array(z.enum(PRICE_REGIONS)).min(1).max(PRICE_REGIONS.length).optional(),
    sort: z.enum(SORT_KEYS).default('number'),
    desc: z.boolean().default(false),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(500).default(100),
    facets: z.boolean().default(false)
  })
  .strict()

export type SearchQuery = z.input<typeof searchQuery>

export const catalogChannels = {
  'catalog:listThemes': channel<ThemeDto[]>()(empty),
  'catalog:listSubthemes': channel<SubthemeDto[]>()(
    z.object({ theme: z.string().max(200) }).strict()
  ),
  'catalog:search': channel<SearchResultDto>()(searchQuery),
  'catalog:getSet': channel<SetDetailDto>()(z.object({ setID: setId }).strict()),
  /** Images, instructions and reviews: fetched on demand, cached, served from cache offline. */
  'catalog:getSetExtras': channel<SetExtrasDto>()(z.object({ setID: setId }).strict()),
  'catalog:listConditions': channel<string[]>()(
    z.object({ which: z.enum(['acquired', 'now']) }).strict()
  )
} as const
