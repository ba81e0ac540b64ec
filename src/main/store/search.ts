import type { z } from 'zod'
import type { searchQuery } from '../../shared/ipc/channels/catalog'
import type { FacetCount, SearchFacets, SearchResultDto } from '../../shared/model/catalog'
import type { ReadDb } from './handles'
import { all, get } from './handles'
import { SUMMARY_COLUMNS, summaryOf } from './set-rows'
import type { SummaryRow } from './set-rows'
import { join, raw, sql } from './sql'
import type { Sql } from './sql'

export type SearchInput = z.output<typeof searchQuery>

type FilterKey =
  'text' | 'theme' | 'subtheme' | 'year' | 'owned' | 'wanted' | 'flags' | 'availability'

/**
 * The text as an FTS5 query: each word a quoted prefix term, all required. Quoting makes every
 * user character literal, so no input can be FTS syntax.
 */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .slice(0, 16)
  if (words.length === 0) return null
  return words.map((w) => `"${w}"*`).join(' ')
}

function filters(q: SearchInput): Map<FilterKey, Sql> {
  const f = new Map<FilterKey, Sql>()
  const match = ftsQuery(q.text)
  if (match !== null)
    f.set('text', sql`s.id IN (SELECT rowid FROM sets_fts WHERE sets_fts MATCH ${match})`)
  if (q.theme !== undefined) f.set('theme', sql`s.theme = ${q.theme}`)
  if (q.subtheme !== undefined) f.set('subtheme', sql`s.subtheme = ${q.subtheme}`)
  if (q.yearFrom !== undefined || q.yearTo !== undefined) {
    f.set('year', sql`s.year BETWEEN ${q.yearFrom ?? 0} AND ${q.yearTo ?? 9999}`)
  }
  if (q.owned !== undefined) f.set('owned', sql`coalesce(st.owned, 0) = ${q.owned ? 1 : 0}`)
  if (q.wanted !== undefined) f.set('wanted', sql`coalesce(st.wanted, 0) = ${q.wanted ? 1 : 0}`)
  if (q.flags !== undefined && q.flags.length > 0) {
    const mask = q.flags.reduce((m, n) => m | (1 << (n - 1)), 0)
    f.set('flags', sql`(coalesce(st.flags, 0) & ${mask}) = ${mask}`)
  }
  if (q.availability !== undefined) f.set('availability', sql`s.availability = ${q.availability}`)
  return f
}

const FROM = raw(
  `sets s LEFT JOIN set_state st ON st.profile_id = s.profile_id AND st.set_id = s.set_id`
)

function whereOf(profileId: number, f: Map<FilterKey, Sql>, without?: FilterKey): Sql {
  const parts = [sql`s.profile_id = ${profileId}`]
  for (const [k, v] of f) if (k !== without) parts.push(v)
  return join(parts, ' AND ')
}

const ORDER: Record<SearchInput['sort'], readonly string[]> = {
  number: ['s.number_sort', 's.number', 's.number_variant'],
  name: ['s.name', 's.number_sort', 's.number_variant'],
  year: ['s.year', 's.number_sort', 's.number', 's.number_variant'],
  pieces: ['s.pieces', 's.number_sort', 's.number_variant'],
  theme: ['s.theme', 's.subtheme', 's.year', 's.number_sort', 's.number_variant'],
  rating: ['s.rating', 's.number_sort', 's.number_variant'],
  qtyOwned: ['qty_owned', 's.number_sort', 's.number_variant'],
  lastUpdated: ['s.last_updated', 's.number_sort', 's.number_variant']
}

function orderBy(q: SearchInput): Sql {
  const dir = q.desc ? ' DESC' : ''
  return raw([...ORDER[q.sort], 's.set_id'].map((c) => c + dir).join(', '))
}

function facet(db: ReadDb, column: string, where: Sql): FacetCount[] {
  return all<{ value: string | number; count: number }>(
    db,
    sql`SELECT ${raw(column)} AS value, count(*) AS count FROM ${FROM} WHERE ${where}
        AND ${raw(column)} IS NOT NULL AND ${raw(column)} <> ''
        GROUP BY ${raw(column)} ORDER BY count DESC, value LIMIT 500`
  ).map((r) => ({ value: String(r.value), count: r.count }))
}

/** Counts per facet value, each facet under every filter but its own (so choices stay visible). */
function facetsOf(db: ReadDb, profileId: number, f: Map<FilterKey, Sql>): SearchFacets {
  const count = (without: FilterKey, cond: string) =>
    get<{ n: number }>(
      db,
      sql`SELECT count(*) AS n FROM ${FROM} WHERE ${whereOf(profileId, f, without)} AND ${raw(cond)}`
    )?.n ?? 0
  const flagSums = Array.from({ length: 8 }, (_, i) => `sum((coalesce(st.flags, 0) >> ${i}) & 1)`)
  const flagRow = get<Record<string, number | null>>(
    db,
    sql`SELECT ${raw(flagSums.map((e, i) => `${e} AS f${i}`).join(', '))}
        FROM ${FROM} WHERE ${whereOf(profileId, f, 'flags')}`
  )
  return {
    themes: facet(db, 's.theme', whereOf(profileId, f, 'theme')),
    subthemes: facet(db, 's.subtheme', whereOf(profileId, f, 'subtheme')),
    years: facet(db, 's.year', whereOf(profileId, f, 'year')),
    availability: facet(db, 's.availability', whereOf(profileId, f, 'availability')),
    owned: count('owned', 'st.owned = 1'),
    wanted: count('wanted', 'st.wanted = 1'),
    flags: Array.from({ length: 8 }, (_, i) => flagRow?.[`f${i}`] ?? 0)
  }
}

export function searchSets(db: ReadDb, profileId: number, q: SearchInput): SearchResultDto {
  const f = filters(q)
  const where = whereOf(profileId, f)
  const rows = all<SummaryRow>(
    db,
    sql`SELECT ${raw(SUMMARY_COLUMNS)} FROM ${FROM} WHERE ${where}
        ORDER BY ${orderBy(q)} LIMIT ${q.limit} OFFSET ${q.offset}`
  )
  const total =
    q.offset === 0 && rows.length < q.limit
      ? rows.length
      : (get<{ n: number }>(db, sql`SELECT count(*) AS n FROM ${FROM} WHERE ${where}`)?.n ?? 0)
  return {
    total,
    offset: q.offset,
    rows: rows.map((r) => summaryOf(r, profileId)),
    facets: q.facets ? facetsOf(db, profileId, f) : null
  }
}
