import type { WriteDb } from './handles'
import { all, get, run, transaction } from './handles'
import { sql } from './sql'

/**
 * Entries a load's ANALYZE reads of each index (`analysis_limit`): a sample, since a full ANALYZE
 * reads every row of every index of `sets` at once.
 */
export const ANALYSIS_LIMIT = 400

/**
 * The statistics of `sets`' indexes, made true to the catalogue (issue #25).
 *
 * A load's statistics are sampled (`analysis_limit`: a full ANALYZE reads every entry of every
 * index, 770 ms at 200,000 sets), and a sample is the first few hundred entries of each index.
 * Every index of `sets` leads with `profile_id`, and those entries hold one profile only, so
 * sqlite_stat1 said that `profile_id = ?` finds about as many sets as the sample held (401) in a
 * catalogue of 20,000 or 200,000. SQLite weighs a year range as a sixty-fourth of what the rest of
 * its index finds, so it took a theme's years for six sets, and read a theme with a year range
 * through the year index, looking up every set of those years for its theme: 18 ms a search at
 * 20,000 sets, 450-1,100 ms at 200,000, on the main thread.
 *
 * Here an index's size (first number) is the catalogue's when the index covers every set, and
 * its sets per profile (second) that size over the profiles. Deeper columns keep the sample's
 * figures, which hold for a value as common as its sample says; none may exceed the profile's.
 * SQLite documents sqlite_stat1 as the application's to edit; `ANALYZE sqlite_schema` reloads it
 * on this connection, and other connections read it again with their next schema change (the end
 * of a load restores its triggers after this).
 */
export function correctSetStatistics(db: WriteDb): void {
  const rows = statisticsOfSets(db)
  if (rows === null) return
  const sets = get<{ n: number }>(db, sql`SELECT count(*) AS n FROM sets`)?.n ?? 0
  const profiles = profileCount(db)
  const indexes = profileIndexes(db)
  for (const { idx, stat } of rows) {
    const index = indexes.get(idx)
    if (index === undefined) continue
    const column = measurableColumn(index)
    const next = corrected(stat, index.partial ? null : sets, profiles, (sampled) =>
      column === null ? sampled : measuredFigure(db, idx, column, sets, sampled)
    )
    if (next !== stat)
      run(db, sql`UPDATE sqlite_stat1 SET stat = ${next} WHERE tbl = 'sets' AND idx = ${idx}`)
  }
  db.exec('ANALYZE sqlite_schema')
}

/** An index of `sets` that leads with the profile. */
interface ProfileIndex {
  /** It covers only some sets (a WHERE clause). */
  readonly partial: boolean
  /** The column after the profile; null for an expression. */
  readonly next: string | null
}

/**
 * The column after the profile whose figure can be measured along the index; null for an
 * expression, or for a partial index, which cannot be walked without its condition (its sampled
 * figures are kept).
 */
function measurableColumn(index: ProfileIndex): string | null {
  return index.partial ? null : index.next
}

function profileIndexes(db: WriteDb): Map<string, ProfileIndex> {
  return new Map(
    all<{ name: string; partial: number; next: string | null }>(
      db,
      sql`SELECT l.name, l.partial, c2.name AS next
          FROM pragma_index_list('sets') l
          JOIN pragma_index_info(l.name) c ON c.seqno = 0 AND c.name = 'profile_id'
          LEFT JOIN pragma_index_info(l.name) c2 ON c2.seqno = 1`
    ).map((i) => [i.name, { partial: i.partial === 1, next: i.next }])
  )
}

/**
 * The figure a value that fills the whole sample reads as. A measured figure is never written
 * as it (one more instead), so an open can tell a figure left at the sample's cap, as the
 * correction of an earlier version left them, from one measured.
 */
const SAMPLE_CAP = ANALYSIS_LIMIT + 1

/**
 * The sample is an index's first entries, in its order: a value of the column after the profile
 * that fills all of them (the first availability, the first theme) reads as about the sample's
 * size, whatever its real share. At 200,000 sets the first theme (1,400 sets) and "Retired"
 * (50,000) both read as 401, and a word with a theme and "Retired" was read through the
 * availability: 50,000 sets tested one by one, 50-70 ms a count on the main thread. A figure over
 * ANALYSIS_LIMIT / SAMPLED_VALUES (the sample held fewer values than that) is measured instead.
 */
const SAMPLED_VALUES = 40

/** Values counted at most for one figure (one index seek each): past it, a value's sets are few. */
const COUNTED_VALUES = 300

/**
 * Sets per value of `column` in index `idx`: its distinct (profile, value) pairs counted along
 * the index, one seek each, up to COUNTED_VALUES; past that the sample's figure is kept, capped
 * by what that many values leave each. `sets`: the index's size.
 */
function measuredFigure(
  db: WriteDb,
  idx: string,
  column: string,
  sets: number,
  sampled: number
): number {
  if (sampled * SAMPLED_VALUES < ANALYSIS_LIMIT) return sampled
  const values = distinctValues(db, idx, column, COUNTED_VALUES)
  if (values === 0) return sampled
  const each = Math.ceil(sets / values)
  const figure = values < COUNTED_VALUES ? each : Math.min(sampled, each)
  return figure === SAMPLE_CAP ? figure + 1 : figure
}

/** The distinct (profile, `column`) pairs of index `idx`, counted up to `cap`. */
function distinctValues(db: WriteDb, idx: string, column: string, cap: number): number {
  // Names from the schema itself, never from input; quoted all the same.
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`
  const col = quote(column)
  const from = `sets INDEXED BY ${quote(idx)}`
  const first = db.prepare(
    `SELECT profile_id AS p, ${col} AS v FROM ${from} ORDER BY profile_id, ${col} LIMIT 1`
  )
  const afterNull = db.prepare(
    `SELECT ${col} AS v FROM ${from} WHERE profile_id = ? AND ${col} IS NOT NULL ORDER BY ${col} LIMIT 1`
  )
  const after = db.prepare(
    `SELECT ${col} AS v FROM ${from} WHERE profile_id = ? AND ${col} > ? ORDER BY ${col} LIMIT 1`
  )
  const nextProfile = db.prepare(
    `SELECT profile_id AS p, ${col} AS v FROM ${from} WHERE profile_id > ? ORDER BY profile_id, ${col} LIMIT 1`
  )
  type Pair = { p: unknown; v: unknown }
  let pair = first.get() as Pair | undefined
  let n = 0
  while (pair !== undefined && n < cap) {
    n++
    const { p, v } = pair
    const next = (v === null ? afterNull.get(p) : after.get(p, v)) as { v: unknown } | undefined
    pair = next === undefined ? (nextProfile.get(p) as Pair | undefined) : { p, v: next.v }
  }
  return n
}

/**
 * One sqlite_stat1 line with its size (`size` when known, else its own estimate) and its sets per
 * profile made true, the figure of the column after the profile as `measure` gives it from the
 * sampled one; numbers past those capped by the one before, words after them (`unordered`,
 * `sz=…`) kept.
 */
function corrected(
  stat: string,
  size: number | null,
  profiles: number,
  measure: (sampled: number) => number
): string {
  const words = stat.split(' ')
  const numbers: number[] = []
  while (numbers.length < words.length && /^\d+$/.test(words[numbers.length] ?? '')) {
    numbers.push(Number(words[numbers.length]))
  }
  if (numbers.length < 2) return stat
  const total = size ?? numbers[0] ?? 0
  const fixed = [total, Math.max(1, Math.ceil(total / profiles))]
  for (const [i, n] of numbers.slice(2).entries()) {
    const cap = fixed[fixed.length - 1] ?? 1
    fixed.push(Math.max(1, Math.min(i === 0 ? measure(n) : n, cap)))
  }
  return [...fixed.map(String), ...words.slice(numbers.length)].join(' ')
}

/**
 * On open: statistics a sampled ANALYZE left as sampled (a load that ended in an earlier version)
 * are corrected, once: a line whose sets per profile are under half its size over the profiles.
 * Corrected ones, and a database never analysed, cost one read of a dozen lines here.
 */
export function correctSampledStatistics(db: WriteDb): void {
  const rows = statisticsOfSets(db)
  if (rows === null) return
  const profiles = profileCount(db)
  const sampled = rows.some(({ stat }) => {
    const [size, perProfile] = stat.split(' ').map(Number)
    return size !== undefined && perProfile !== undefined && perProfile * profiles * 2 < size
  })
  if (!sampled && !atSampleCap(db, rows)) return
  transaction(db, () => {
    correctSetStatistics(db)
  })
}

/**
 * Whether an index's figure after the profile is still the sample's cap where its column could
 * have been measured, in a catalogue larger than the sample: as the correction of an earlier
 * version left it (one that did not measure).
 */
function atSampleCap(db: WriteDb, rows: readonly { idx: string; stat: string }[]): boolean {
  const capped = rows.filter(({ stat }) => {
    const [, perProfile, figure] = stat.split(' ').map(Number)
    return figure === SAMPLE_CAP && (perProfile ?? 0) > SAMPLE_CAP
  })
  if (capped.length === 0) return false
  const indexes = profileIndexes(db)
  return capped.some(({ idx }) => {
    const index = indexes.get(idx)
    return index !== undefined && measurableColumn(index) !== null
  })
}

function profileCount(db: WriteDb): number {
  return Math.max(1, get<{ n: number }>(db, sql`SELECT count(*) AS n FROM profiles`)?.n ?? 1)
}

/** The sqlite_stat1 lines of `sets`' indexes; null when the database was never analysed. */
function statisticsOfSets(db: WriteDb): { idx: string; stat: string }[] | null {
  const exists = get<{ n: number }>(
    db,
    sql`SELECT count(*) AS n FROM sqlite_schema WHERE name = 'sqlite_stat1'`
  )
  if (exists?.n !== 1) return null
  return all<{ idx: string; stat: string }>(
    db,
    sql`SELECT idx, stat FROM sqlite_stat1 WHERE tbl = 'sets' AND idx IS NOT NULL`
  )
}
