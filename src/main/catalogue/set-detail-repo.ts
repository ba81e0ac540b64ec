import type { ReviewDto, SetDetailDto, SetExtrasDto } from '../../shared/model/catalog'
import type { AdditionalImageRecord, InstructionRecord } from '../../shared/protocol/records'
import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { detailOf, summaryColumns } from './set-rows'
import type { DetailRow } from './set-rows'
import { sql } from '../store/sql'
import type { SetStateSql } from './set-state-port'

/** One set with the user's state (`state`, the collection's SQL); null when the catalogue lacks it. */
export function getSetDetail(
  db: ReadDb,
  state: SetStateSql,
  profileId: number,
  setID: number
): SetDetailDto | null {
  const row = get<DetailRow>(
    db,
    sql`SELECT ${summaryColumns(state)}, s.theme_group, s.ean, s.upc, s.tags, s.uk_price,
          s.us_price, s.ca_price, s.eu_price, s.large_thumbnail_url, s.image_url, s.last_updated,
          s.detail
        FROM ${state.setsWithState}
        WHERE s.profile_id = ${profileId} AND s.set_id = ${setID}`
  )
  return row ? detailOf(row, profileId) : null
}

interface SetUrls {
  readonly number: string
  readonly numberVariant: number
  readonly thumbnail: string | null
  readonly large: string | null
  readonly image: string | null
}

export function getSetUrls(db: ReadDb, profileId: number, setID: number): SetUrls | null {
  const r = get<{
    number: string
    number_variant: number
    thumbnail_url: string | null
    large_thumbnail_url: string | null
    image_url: string | null
  }>(
    db,
    sql`SELECT number, number_variant, thumbnail_url, large_thumbnail_url, image_url FROM sets
        WHERE profile_id = ${profileId} AND set_id = ${setID}`
  )
  return r
    ? {
        number: r.number,
        numberVariant: r.number_variant,
        thumbnail: r.thumbnail_url,
        large: r.large_thumbnail_url,
        image: r.image_url
      }
    : null
}

/** Review text as the UI shows it: markup is never rendered, so tags become plain text. */
export function plainText(text: string, html: boolean): string {
  if (!html) return text
  return text
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*p\s*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

interface ExtrasInput {
  readonly images: readonly AdditionalImageRecord[]
  readonly instructions: readonly InstructionRecord[]
  readonly reviews: readonly ReviewDto[]
}

export function saveExtras(
  db: WriteDb,
  profileId: number,
  setID: number,
  x: ExtrasInput,
  fetchedAt: string
): void {
  db.transaction(() => {
    run(db, sql`DELETE FROM set_extras WHERE profile_id = ${profileId} AND set_id = ${setID}`)
    run(
      db,
      sql`INSERT INTO set_extras (profile_id, set_id, fetched_at) VALUES (${profileId}, ${setID}, ${fetchedAt})`
    )
    x.images.forEach((im, i) => {
      run(
        db,
        sql`INSERT INTO set_images (profile_id, set_id, position, thumbnail_url, large_thumbnail_url, image_url)
            VALUES (${profileId}, ${setID}, ${i}, ${im.thumbnailURL ?? ''}, ${im.largeThumbnailURL ?? ''},
              ${im.imageURL ?? ''})`
      )
    })
    x.instructions.forEach((ins, i) => {
      run(
        db,
        sql`INSERT INTO set_instructions (profile_id, set_id, position, url, description)
            VALUES (${profileId}, ${setID}, ${i}, ${ins.URL ?? ''}, ${ins.description ?? ''})`
      )
    })
    x.reviews.forEach((r, i) => {
      run(
        db,
        sql`INSERT INTO set_reviews (profile_id, set_id, position, author, date_posted, title, text,
              overall_rating, parts, building_experience, playability, value_for_money)
            VALUES (${profileId}, ${setID}, ${i}, ${r.author}, ${r.datePosted}, ${r.title}, ${r.text},
              ${r.overallRating}, ${r.parts}, ${r.buildingExperience}, ${r.playability}, ${r.valueForMoney})`
      )
    })
  }).immediate()
}

export function extraImageUrl(
  db: ReadDb,
  profileId: number,
  setID: number,
  position: number,
  kind: 'thumb' | 'image'
): string | null {
  const r = get<{ thumbnail_url: string; image_url: string }>(
    db,
    sql`SELECT thumbnail_url, image_url FROM set_images
        WHERE profile_id = ${profileId} AND set_id = ${setID} AND position = ${position}`
  )
  if (!r) return null
  const url = kind === 'thumb' ? r.thumbnail_url : r.image_url
  return url === '' ? null : url
}

export function loadExtras(db: ReadDb, profileId: number, setID: number): SetExtrasDto {
  const at = get<{ fetched_at: string }>(
    db,
    sql`SELECT fetched_at FROM set_extras WHERE profile_id = ${profileId} AND set_id = ${setID}`
  )
  if (!at) return { setID, images: [], instructions: [], reviews: [], fetchedAt: null }
  const images = all<{ position: number }>(
    db,
    sql`SELECT position FROM set_images WHERE profile_id = ${profileId} AND set_id = ${setID} ORDER BY position`
  ).map((r) => ({
    thumbnail: `media/extra/${profileId}/${setID}/${r.position}/thumb`,
    image: `media/extra/${profileId}/${setID}/${r.position}/image`
  }))
  const instructions = all<{ url: string; description: string }>(
    db,
    sql`SELECT url, description FROM set_instructions
        WHERE profile_id = ${profileId} AND set_id = ${setID} ORDER BY position`
  )
  const reviews = all<{
    author: string
    date_posted: string
    title: string
    text: string
    overall_rating: number
    parts: number
    building_experience: number
    playability: number
    value_for_money: number
  }>(
    db,
    sql`SELECT * FROM set_reviews WHERE profile_id = ${profileId} AND set_id = ${setID} ORDER BY position`
  ).map((r) => ({
    author: r.author,
    datePosted: r.date_posted,
    title: r.title,
    text: r.text,
    overallRating: r.overall_rating,
    parts: r.parts,
    buildingExperience: r.building_experience,
    playability: r.playability,
    valueForMoney: r.value_for_money
  }))
  return { setID, images, instructions, reviews, fetchedAt: at.fetched_at }
}

/**
 * https hosts the user may be sent to for the active profile: where its set pages and cached
 * instruction documents live. Only hosts the service itself named; never anything typed by a user.
 */
export function externalHosts(db: ReadDb, profileId: number): string[] {
  const urls = all<{ url: string | null }>(
    db,
    sql`SELECT url FROM set_instructions WHERE profile_id = ${profileId}
        UNION SELECT json_extract(detail, '$.serviceURL') AS url
          FROM (SELECT detail FROM sets WHERE profile_id = ${profileId} LIMIT 1)`
  )
  const hosts = new Set<string>()
  for (const { url } of urls) {
    if (!url) continue
    try {
      const u = new URL(url)
      if (u.protocol === 'https:') hosts.add(u.host)
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  return [...hosts]
}
