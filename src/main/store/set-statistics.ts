import type { WriteDb } from './handles'
import { all, get, run, transaction } from './handles'
import { sql } from './sql'

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
  // The indexes that lead with the profile, and whether each covers only some sets (partial).
  const partialOf = new Map(
    all<{ name: string; partial: number }>(
      db,
      sql`SELECT l.name, l.partial FROM pragma_index_list('sets') l, pragma_index_info(l.name) c
          WHERE c.seqno = 0 AND c.name = 'profile_id'`
    ).map((i) => [i.name, i.partial === 1])
  )
  for (const { idx, stat } of rows) {
    const partial = partialOf.get(idx)
    if (partial === undefined) continue
    const next = corrected(stat, partial ? null : sets, profiles)
    if (next !== stat)
      run(db, sql`UPDATE sqlite_stat1 SET stat = ${next} WHERE tbl = 'sets' AND idx = ${idx}`)
  }
  db.exec('ANALYZE sqlite_schema')
}

/**
 * One sqlite_stat1 line with its size (`size` when known, else its own estimate) and its sets per
 * profile made true; numbers past those capped by the latter, words after them (`unordered`,
 * `sz=…`) kept.
 */
function corrected(stat: string, size: number | null, profiles: number): string {
  const words = stat.split(' ')
  const numbers: number[] = []
  while (numbers.length < words.length && /^\d+$/.test(words[numbers.length] ?? '')) {
    numbers.push(Number(words[numbers.length]))
  }
  if (numbers.length < 2) return stat
  const total = size ?? numbers[0] ?? 0
  const perProfile = Math.max(1, Math.ceil(total / profiles))
  const fixed = [total, perProfile, ...numbers.slice(2).map((n) => Math.min(n, perProfile))]
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
  if (!sampled) return
  transaction(db, () => {
    correctSetStatistics(db)
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
