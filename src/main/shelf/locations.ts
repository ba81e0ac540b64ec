import { isWithin, normalisePath, pathAncestors, pathKey } from '../../shared/model/location-path'
import type { ReadDb } from '../store/handles'
import { copiesWithLocations, locationTexts } from './shelf-repo'
import type { LocatedCopyRow } from './shelf-repo'

/**
 * Locations as paths over the copies' own location text. The texts are few (one per place, not
 * per copy), so they are read grouped (`copies_by_location`) and compared here by their path
 * key; the copies are then read by the texts that matched, exactly as stored.
 */

/** A copy at a location: what a list, a box label or an audit row shows of it. */
export interface LocationCopy {
  readonly localId: string
  readonly collectionID: number | null
  readonly setID: number
  /** `75192-1`; the set ID in words when the catalogue has no row for it. */
  readonly fullNumber: string
  readonly name: string
  /** The copy's location text as stored (and as the service holds it). */
  readonly location: string
}

function locationCopy(r: LocatedCopyRow): LocationCopy {
  return {
    localId: r.local_id,
    collectionID: r.collection_id,
    setID: r.set_id,
    fullNumber: r.full_number ?? `set ${String(r.set_id)}`,
    name: r.name ?? '',
    location: r.location
  }
}

/** The stored location texts that are `location` (and, with `sub`, its sub-locations). */
export function textsAt(db: ReadDb, p: number, location: string, sub: boolean): string[] {
  const key = pathKey(location)
  if (key === '') return []
  return locationTexts(db, p)
    .map((t) => t.location)
    .filter((text) => (sub ? isWithin(text, location) : pathKey(text) === key))
}

/**
 * The live copies at a location, however its text was typed (`attic/shelf 2` is at
 * `Attic › Shelf 2`), in location then set-number order. With `sub` (the default) the copies of
 * its sub-locations too: a box in a bin on the shelf is on the shelf.
 *
 * @example copiesAt(store.read, profileId, 'Attic › Shelf 2')
 */
export function copiesAt(
  db: ReadDb,
  profileId: number,
  location: string,
  options: { readonly sub?: boolean } = {}
): LocationCopy[] {
  const texts = textsAt(db, profileId, location, options.sub ?? true)
  return copiesWithLocations(db, profileId, texts).map(locationCopy)
}

/** One place for the location field's suggestions and the audit's chooser. */
interface LocationUse {
  /** The canonical path, as the copies use it most. */
  readonly path: string
  /** Copies recorded exactly here. */
  readonly here: number
  /** Copies here and in its sub-locations. */
  readonly within: number
}

/**
 * Every place the copies use, with the places they are in (a copy in `Attic › Shelf 2` makes
 * `Attic` a place too), in path order; `query` keeps those whose path contains it (a place
 * starting with it first), at most `limit`.
 */
export function locationUses(db: ReadDb, p: number, query: string, limit: number): LocationUse[] {
  const byKey = new Map<string, { path: string; here: number; within: number; best: number }>()
  for (const t of locationTexts(db, p)) {
    const path = normalisePath(t.location)
    if (path === '') continue
    const ancestors = pathAncestors(path)
    ancestors.forEach((a, i) => {
      const k = pathKey(a)
      const at = byKey.get(k) ?? { path: a, here: 0, within: 0, best: 0 }
      at.within += t.copies
      if (i === ancestors.length - 1) {
        at.here += t.copies
        // The spelling most copies use names the place.
        if (t.copies > at.best) {
          at.best = t.copies
          at.path = a
        }
      }
      byKey.set(k, at)
    })
  }
  const q = pathKey(query)
  const rank = (k: string): number => (q === '' || k.startsWith(q) ? 0 : 1)
  return [...byKey.entries()]
    .filter(([k]) => q === '' || k.includes(q))
    .sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([, v]) => ({ path: v.path, here: v.here, within: v.within }))
}
