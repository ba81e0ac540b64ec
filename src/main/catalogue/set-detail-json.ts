import { z } from 'zod'
import { parseJson } from '../../shared/parse-json'
import type { SetDetailJson } from './sets-repo'

/**
 * A set's `detail` column (sets-repo.ts writes it from the service's record), parsed, not cast. The
 * catalogue is a cache the next sync writes again, so a damaged or older row does not stop the set
 * from showing: each field it cannot read shows as unknown (empty, none, zero).
 */

const text = z.string().catch('')
const maybe = z.string().nullable().catch(null)
const count = z.number().catch(0)
const shopDates = z.object({ first: z.string().nullable(), last: z.string().nullable() })

const setDetail = z.object({
  category: text,
  packagingType: text,
  released: z.boolean().catch(false),
  image: z.boolean().catch(false),
  serviceURL: maybe,
  shopDateAdded: maybe,
  shopDateRemoved: maybe,
  // Absent in rows written before regions were kept (null here, then left out).
  shopDates: z
    .object({ US: shopDates, UK: shopDates, CA: shopDates, DE: shopDates })
    .nullable()
    .catch(null),
  ageMin: maybe,
  ageMax: maybe,
  height: maybe,
  width: maybe,
  depth: maybe,
  weight: maybe,
  description: text,
  ownedByTotal: count,
  wantedByTotal: count,
  reviewCount: count,
  instructionsCount: count,
  additionalImageCount: count
})

export function readSetDetail(json: string): SetDetailJson {
  const r = parseJson(setDetail, json)
  const { shopDates, ...rest } = r.ok ? r.value : setDetail.parse({})
  return shopDates === null ? rest : { ...rest, shopDates }
}
