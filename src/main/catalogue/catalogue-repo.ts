import type { SubthemeDto, ThemeDto } from '../../shared/model/catalog'
import type { SubthemeRecord, ThemeRecord, YearRecord } from '../../shared/protocol/records'
import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { sql } from '../store/sql'

/** Themes, subthemes and years of one profile's catalogue: replaced whole on each pull. */

export function replaceThemes(
  db: WriteDb,
  profileId: number,
  themes: readonly ThemeRecord[]
): void {
  db.transaction(() => {
    run(db, sql`DELETE FROM themes WHERE profile_id = ${profileId}`)
    for (const t of themes) {
      if (t.theme === null) continue
      run(
        db,
        sql`INSERT OR REPLACE INTO themes
            (profile_id, theme, set_count, subtheme_count, year_from, year_to)
            VALUES (${profileId}, ${t.theme}, ${t.setCount}, ${t.subthemeCount}, ${t.yearFrom}, ${t.yearTo})`
      )
    }
  }).immediate()
}

interface ThemeRow {
  theme: string
  set_count: number
  subtheme_count: number
  year_from: number
  year_to: number
}

export function listThemes(db: ReadDb, profileId: number): ThemeDto[] {
  return all<ThemeRow>(
    db,
    sql`SELECT theme, set_count, subtheme_count, year_from, year_to FROM themes
        WHERE profile_id = ${profileId} ORDER BY theme COLLATE NOCASE`
  ).map((r) => ({
    theme: r.theme,
    setCount: r.set_count,
    subthemeCount: r.subtheme_count,
    yearFrom: r.year_from,
    yearTo: r.year_to
  }))
}

export function themeNames(db: ReadDb, profileId: number): string[] {
  return all<{ theme: string }>(
    db,
    sql`SELECT theme FROM themes WHERE profile_id = ${profileId} ORDER BY theme`
  ).map((r) => r.theme)
}

/**
 * The lists below are replaced whole, while the set writer may hold the write lock (issue #25):
 * one INSERT over a JSON array instead of a statement per row keeps the main thread's transaction
 * to a few ms for the ~1,600 rows of a 20,000-set catalogue (a row at a time it was 20-50 ms).
 */
export function replaceSubthemes(
  db: WriteDb,
  profileId: number,
  subthemes: readonly SubthemeRecord[]
): void {
  const rows = subthemes
    .filter((s) => s.theme !== null)
    .map((s) => [s.theme, s.subtheme ?? '', s.setCount, s.yearFrom, s.yearTo])
  db.transaction(() => {
    run(db, sql`DELETE FROM subthemes WHERE profile_id = ${profileId}`)
    run(
      db,
      sql`INSERT OR REPLACE INTO subthemes
          (profile_id, theme, subtheme, set_count, year_from, year_to)
          SELECT ${profileId}, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4
          FROM json_each(${JSON.stringify(rows)})`
    )
  }).immediate()
}

interface SubthemeRow {
  theme: string
  subtheme: string
  set_count: number
  year_from: number
  year_to: number
}

export function listSubthemes(db: ReadDb, profileId: number, theme: string): SubthemeDto[] {
  return all<SubthemeRow>(
    db,
    sql`SELECT theme, subtheme, set_count, year_from, year_to FROM subthemes
        WHERE profile_id = ${profileId} AND theme = ${theme} ORDER BY subtheme COLLATE NOCASE`
  ).map((r) => ({
    theme: r.theme,
    subtheme: r.subtheme,
    setCount: r.set_count,
    yearFrom: r.year_from,
    yearTo: r.year_to
  }))
}

export function replaceYears(db: WriteDb, profileId: number, years: readonly YearRecord[]): void {
  const rows = years
    .filter((y) => y.theme !== null && y.year !== null)
    .map((y) => [y.theme, y.year, y.setCount])
  db.transaction(() => {
    run(db, sql`DELETE FROM years WHERE profile_id = ${profileId}`)
    run(
      db,
      sql`INSERT OR REPLACE INTO years (profile_id, theme, year, set_count)
          SELECT ${profileId}, value ->> 0, value ->> 1, value ->> 2
          FROM json_each(${JSON.stringify(rows)})`
    )
  }).immediate()
}

/** False when a sync left either table empty for this profile (cut off, or refused). */
export function hasSubthemesAndYears(db: ReadDb, profileId: number): boolean {
  const row = get<{ s: number; y: number }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM subthemes WHERE profile_id = ${profileId}) AS s,
          EXISTS (SELECT 1 FROM years WHERE profile_id = ${profileId}) AS y`
  )
  return row?.s === 1 && row.y === 1
}

/** Whether the profile has any set: one index entry read, where a count reads them all. */
export function hasSets(db: ReadDb, profileId: number): boolean {
  return (
    get<{ any: number }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM sets WHERE profile_id = ${profileId}) AS any`
    )?.any === 1
  )
}

/** The catalogue's set ids: a restore writes only sets the edit path would accept. */
export function catalogueSetIds(db: ReadDb, profileId: number): Set<number> {
  return new Set(
    all<{ set_id: number }>(db, sql`SELECT set_id FROM sets WHERE profile_id = ${profileId}`).map(
      (r) => r.set_id
    )
  )
}

/** Every set of the catalogue by its full number, lower-cased (how an import names a set). */
export function setsByNumber(
  db: ReadDb,
  profileId: number
): Map<string, { setID: number; fullNumber: string; name: string }> {
  return new Map(
    all<{ set_id: number; full_number: string; name: string }>(
      db,
      sql`SELECT set_id, full_number, name FROM sets WHERE profile_id = ${profileId}`
    ).map((s) => [
      s.full_number.toLowerCase(),
      { setID: s.set_id, fullNumber: s.full_number, name: s.name }
    ])
  )
}

export function countSets(db: ReadDb, profileId: number): number {
  return (
    get<{ n: number }>(db, sql`SELECT count(*) AS n FROM sets WHERE profile_id = ${profileId}`)
      ?.n ?? 0
  )
}

export function replaceConditions(
  db: WriteDb,
  profileId: number,
  which: 'acquired' | 'now',
  conditions: readonly string[]
): void {
  db.transaction(() => {
    run(db, sql`DELETE FROM conditions WHERE profile_id = ${profileId} AND which = ${which}`)
    conditions.forEach((c, i) => {
      run(
        db,
        sql`INSERT INTO conditions (profile_id, which, position, condition)
            VALUES (${profileId}, ${which}, ${i}, ${c})`
      )
    })
  }).immediate()
}

export function listConditions(
  db: ReadDb,
  profileId: number,
  which: 'acquired' | 'now'
): string[] | null {
  const rows = all<{ condition: string }>(
    db,
    sql`SELECT condition FROM conditions WHERE profile_id = ${profileId} AND which = ${which}
        ORDER BY position`
  )
  return rows.length > 0 ? rows.map((r) => r.condition) : null
}
