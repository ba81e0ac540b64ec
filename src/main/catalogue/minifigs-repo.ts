import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { inSlices } from '../store/slices'
import type { Slice, SliceOptions } from '../store/slices'
import { sql } from '../store/sql'

/** The catalogue's minifigures as a pull stores them: the service's, replaced whole each time. */

export interface CatalogueMinifigInput {
  readonly minifigNumber: string
  readonly name: string
  readonly category: string
  readonly thumbnailUrl: string | null
  readonly imageUrl: string | null
  /** The sets it comes in, and how many of it each holds. */
  readonly sets: readonly { readonly setID: number; readonly quantity: number }[]
}

/**
 * What a write of the catalogue needs from its caller: `between` runs between slices, outside any
 * transaction (a cancelled sync stops there); a writer in a worker paces its slices by the main
 * thread's leave instead of a turn (sync/pull/set-writer.ts).
 */
type MinifigWriteOptions = Pick<SliceOptions, 'between' | 'pace' | 'targetMs'>

/** Cost of a figure in a slice: its own row and each of its links. */
const weight = (f: CatalogueMinifigInput): number => 1 + f.sets.length

/** Upserts the figures under `mark` and replaces their links, in three statements over JSON. */
function writeFigures(
  db: WriteDb,
  profileId: number,
  mark: number,
  figures: readonly CatalogueMinifigInput[]
): void {
  const rows = JSON.stringify(
    figures.map((f) => [f.minifigNumber, f.name, f.category, f.thumbnailUrl, f.imageUrl])
  )
  // `WHERE true` lets SQLite read ON CONFLICT after a SELECT as the upsert it is.
  run(
    db,
    sql`INSERT INTO minifigs
          (profile_id, minifig_number, name, category, thumbnail_url, image_url, pulled_in)
        SELECT ${profileId}, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3,
          j.value ->> 4, ${mark}
        FROM json_each(${rows}) j WHERE true
        ON CONFLICT (profile_id, minifig_number) DO UPDATE SET
          name = excluded.name, category = excluded.category,
          thumbnail_url = excluded.thumbnail_url, image_url = excluded.image_url,
          pulled_in = excluded.pulled_in`
  )
  const numbers = JSON.stringify(figures.map((f) => f.minifigNumber))
  const links = JSON.stringify(
    figures.flatMap((f) =>
      f.sets.filter((s) => s.quantity > 0).map((s) => [f.minifigNumber, s.setID, s.quantity])
    )
  )
  // Links left as they are are not written at all: the index by set takes them in set order, so
  // each one written dirties a page of its own, and most pulls change few links.
  run(
    db,
    sql`DELETE FROM minifig_sets WHERE profile_id = ${profileId}
          AND minifig_number IN (SELECT value FROM json_each(${numbers}))
          AND (minifig_number, set_id) NOT IN
            (SELECT j.value ->> 0, j.value ->> 1 FROM json_each(${links}) j)`
  )
  run(
    db,
    sql`INSERT INTO minifig_sets (profile_id, minifig_number, set_id, quantity)
        SELECT ${profileId}, j.value ->> 0, j.value ->> 1, j.value ->> 2
        FROM json_each(${links}) j WHERE true
        ON CONFLICT (profile_id, minifig_number, set_id) DO UPDATE SET quantity = excluded.quantity
          WHERE minifig_sets.quantity IS NOT excluded.quantity`
  )
}

/** Removes up to `limit` figures a pull before `mark` wrote, with their links. */
function sweepFigures(db: WriteDb, profileId: number, mark: number, limit: number): Slice {
  const stale = all<{ minifig_number: string }>(
    db,
    sql`SELECT minifig_number FROM minifigs
        WHERE profile_id = ${profileId} AND pulled_in < ${mark} LIMIT ${limit}`
  )
  if (stale.length === 0) return { units: 0, more: false }
  const numbers = JSON.stringify(stale.map((r) => r.minifig_number))
  const links = run(
    db,
    sql`DELETE FROM minifig_sets WHERE profile_id = ${profileId}
          AND minifig_number IN (SELECT value FROM json_each(${numbers}))`
  ).changes
  run(
    db,
    sql`DELETE FROM minifigs WHERE profile_id = ${profileId}
          AND minifig_number IN (SELECT value FROM json_each(${numbers}))`
  )
  return { units: stale.length + links, more: stale.length === limit }
}

/** The number a new pull writes its figures under: above every earlier pull's. */
export function nextMinifigPull(db: WriteDb, profileId: number): number {
  return (
    (get<{ n: number | null }>(
      db,
      sql`SELECT max(pulled_in) AS n FROM minifigs WHERE profile_id = ${profileId}`
    )?.n ?? 0) + 1
  )
}

const SLICES = { first: 400, max: 50_000, cache: true } as const

/**
 * Writes one part of a pull (a page as it arrives) under the pull's number `mark`, in short
 * transactions with the event loop given back between them. A figure listed again (later in
 * the part, or in a later part) keeps its last entry and only that entry's sets, as a service's
 * later page would mean.
 */
export async function writeMinifigPage(
  db: WriteDb,
  profileId: number,
  mark: number,
  figures: readonly CatalogueMinifigInput[],
  options: MinifigWriteOptions = {}
): Promise<void> {
  const unique = [...new Map(figures.map((f) => [f.minifigNumber, f])).values()]
  let next = 0
  await inSlices(
    db,
    (n) => {
      const from = next
      let units = 0
      while (next < unique.length && units < n)
        units += weight(unique[next++] as CatalogueMinifigInput)
      writeFigures(db, profileId, mark, unique.slice(from, next))
      return { units, more: next < unique.length }
    },
    { ...SLICES, ...options }
  )
}

/** Removes, in slices, every figure no part of the pull `mark` wrote: the ones the service dropped. */
export async function sweepMinifigPull(
  db: WriteDb,
  profileId: number,
  mark: number,
  options: MinifigWriteOptions = {}
): Promise<void> {
  // A removed figure weighs about as much as a written one: its row and its links.
  await inSlices(db, (n) => sweepFigures(db, profileId, mark, Math.max(1, Math.floor(n / 8))), {
    ...SLICES,
    ...options
  })
}

/**
 * Replaces the profile's figure catalogue in short transactions with the event loop given back
 * between them (130,000 links at 200,000 sets: seconds in one transaction). The figures are
 * upserted under a new pull number, then the figures of older numbers removed. Between slices a
 * reader sees the old list with part of the new one over it: never fewer figures than either.
 * Cut off (a crash, a cancel), the cache holds that mix; the caller records the pull as done only
 * after this resolves, so the next sync pulls again and its sweep removes what this one left.
 * The sync's pull does the same a page at a time (nextMinifigPull, writeMinifigPage, then
 * sweepMinifigPull), so it never holds more than a page of figures.
 */
export async function replaceMinifigCatalogue(
  db: WriteDb,
  profileId: number,
  figures: readonly CatalogueMinifigInput[],
  options: MinifigWriteOptions = {}
): Promise<void> {
  const mark = nextMinifigPull(db, profileId)
  await writeMinifigPage(db, profileId, mark, figures, options)
  await sweepMinifigPull(db, profileId, mark, options)
}

/** The remote URL a figure's `media/fig/...` path stands for. */
export function minifigPictureUrl(
  db: ReadDb,
  profileId: number,
  minifigNumber: string,
  kind: 'thumb' | 'image'
): string | null {
  const r = get<{ thumbnail_url: string | null; image_url: string | null }>(
    db,
    sql`SELECT thumbnail_url, image_url FROM minifigs
        WHERE profile_id = ${profileId} AND minifig_number = ${minifigNumber}`
  )
  if (!r) return null
  return kind === 'thumb' ? (r.thumbnail_url ?? r.image_url) : (r.image_url ?? r.thumbnail_url)
}

/** What a figure number may be to name a picture path: the pull keeps no other. */
export const MINIFIG_NUMBER = /^[A-Za-z0-9._-]{1,50}$/

/** The app-local path of a figure's picture. */
export function minifigMediaPath(
  kind: 'thumb' | 'image',
  profileId: number,
  minifigNumber: string
): string {
  return `media/fig/${profileId}/${minifigNumber}/${kind}`
}
