import type { ReadDb, WriteDb } from '../store/handles'
import { get, run } from '../store/handles'
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

/** Replaces the profile's figure catalogue; the caller holds the transaction. */
export function replaceMinifigCatalogue(
  db: WriteDb,
  profileId: number,
  figures: readonly CatalogueMinifigInput[]
): void {
  run(db, sql`DELETE FROM minifig_sets WHERE profile_id = ${profileId}`)
  run(db, sql`DELETE FROM minifigs WHERE profile_id = ${profileId}`)
  for (const f of figures) {
    run(
      db,
      sql`INSERT OR REPLACE INTO minifigs
            (profile_id, minifig_number, name, category, thumbnail_url, image_url)
          VALUES (${profileId}, ${f.minifigNumber}, ${f.name}, ${f.category}, ${f.thumbnailUrl},
            ${f.imageUrl})`
    )
    for (const s of f.sets) {
      if (s.quantity <= 0) continue
      run(
        db,
        sql`INSERT OR REPLACE INTO minifig_sets (profile_id, minifig_number, set_id, quantity)
            VALUES (${profileId}, ${f.minifigNumber}, ${s.setID}, ${s.quantity})`
      )
    }
  }
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
