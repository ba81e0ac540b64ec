import { z } from 'zod'
import { NEVER_UPDATED } from '../catalogue/index'
import type { CatalogueSetInput } from '../catalogue/index'

/**
 * Who each set of a backup's collection is: its number and name, which the backup keeps in place
 * of the catalogue (backup-strip-repo.ts). A restore onto an install whose catalogue lacks a set
 * (a fresh one, before its first sync) puts in a placeholder with these, so the set is restored
 * and shows by number; the next sync writes the real record over it.
 */
export interface SetName {
  readonly number: string
  readonly variant: number
  readonly name: string
}

/** The most sets one backup names: as many rows as a restore reads of one table. */
const MAX_NAMED = 250_000
/** The settings value holding them, at ~40 bytes a set: beyond this it is not one we wrote. */
export const MAX_NAMES_BYTES = 64 * 1024 * 1024

// A number like the service's ("10179", "col18"), a name as long as any catalogue's; no control
// characters, which no catalogue sends and a hostile file could.
const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u)
const entry = z.tuple([
  z.number().int().positive(),
  z.number().int().positive(),
  text(40).min(1),
  z.number().int().min(0).max(9999),
  text(300)
])

/** The names a backup holds for one profile; anything unreadable names nothing (the restore lists those sets). */
export function checkSetNames(raw: unknown, profileId: number): Map<number, SetName> {
  const out = new Map<number, SetName>()
  if (typeof raw !== 'string' || raw.length > MAX_NAMES_BYTES) return out
  let list: unknown
  try {
    list = JSON.parse(raw)
  } catch {
    return out
  }
  if (!Array.isArray(list) || list.length > MAX_NAMED) return out
  for (const item of list) {
    const e = entry.safeParse(item)
    if (!e.success || e.data[0] !== profileId) continue
    const [, setID, number, variant, name] = e.data
    out.set(setID, { number, variant, name })
  }
  return out
}

/**
 * The placeholder catalogue record of a set known only by its number: blank but for who it is,
 * and "never updated", so the next sync's record replaces it (sets-repo.ts rewrites a row whose
 * update time differs).
 */
export function placeholderSet(setID: number, n: SetName): CatalogueSetInput {
  return {
    setID,
    number: n.number,
    numberVariant: n.variant,
    name: n.name,
    year: null,
    theme: null,
    themeGroup: null,
    subtheme: null,
    pieces: null,
    minifigs: null,
    image: false,
    imageFilename: null,
    thumbnailURL: null,
    largeThumbnailURL: null,
    imageURL: null,
    serviceURL: null,
    released: false,
    owned: false,
    wanted: false,
    qtyOwned: 0,
    userNotes: null,
    ACMDataCount: 0,
    ownedByTotal: 0,
    wantedByTotal: 0,
    UKRetailPrice: null,
    USRetailPrice: null,
    CARetailPrice: null,
    EURetailPrice: null,
    USDateAddedToSAH: null,
    USDateRemovedFromSAH: null,
    rating: 0,
    reviewCount: 0,
    packagingType: null,
    availability: null,
    instructionsCount: 0,
    additionalImageCount: 0,
    ageMin: null,
    ageMax: null,
    height: null,
    width: null,
    depth: null,
    weight: null,
    category: null,
    notes: null,
    userRating: null,
    tags: null,
    EAN: null,
    UPC: null,
    description: null,
    lastUpdated: NEVER_UPDATED
  }
}
