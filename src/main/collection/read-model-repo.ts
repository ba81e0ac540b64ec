import type {
  CopyDto,
  FlagLabelDto,
  MinifigDetailDto,
  MinifigDto,
  NoteDto,
  SetCollectionDto,
  SetMinifigDto,
  SetState,
  TotalsDto
} from '../../shared/model/collection'
import { SET_STATES_MAX } from '../../shared/model/collection'
import { monthOf } from '../../shared/model/service-date'
import type { ReadDb } from '../store/handles'
import { all, get } from '../store/handles'
import { raw, sql } from '../store/sql'
import type { Sql } from '../store/sql'
import { mediaPath, minifigMediaPath, syncStateOf } from '../catalogue/index'
import { listCopies, readSet } from './collection-state-repo'
import type { LocalCopy } from './collection-state-repo'

/** DTOs of the collection as the renderer sees it, read from local state and the outbox. */

function editStates(db: ReadDb, profileId: number, target: string): string | null {
  return (
    get<{ s: string | null }>(
      db,
      sql`SELECT group_concat(state) AS s FROM outbox WHERE profile_id = ${profileId} AND target = ${target}`
    )?.s ?? null
  )
}

export function setCollection(db: ReadDb, profileId: number, setID: number): SetCollectionDto {
  const v = readSet(db, profileId, setID)
  return {
    owned: v.owned,
    wanted: v.wanted,
    qtyOwned: v.qtyOwned,
    notes: v.notes,
    rating: v.rating,
    flags: [v.flag1, v.flag2, v.flag3, v.flag4, v.flag5, v.flag6, v.flag7, v.flag8],
    sync: syncStateOf(editStates(db, profileId, `set:${setID}`))
  }
}

/**
 * The sets' states as they are now, for an answer or an event to carry; null when there are more
 * than SET_STATES_MAX of them (the screens then read their rows again themselves).
 */
export function setStates(
  db: ReadDb,
  profileId: number,
  setIDs: readonly number[]
): SetState[] | null {
  if (setIDs.length > SET_STATES_MAX) return null
  return setIDs.map((setID) => ({ setID, collection: setCollection(db, profileId, setID) }))
}

export function copyDto(db: ReadDb, profileId: number, c: LocalCopy): CopyDto {
  return {
    localId: c.localId,
    collectionID: c.collectionID,
    setID: c.setID,
    ...c.value,
    keptLocal: c.keptLocal,
    outboxId:
      get<{ id: number }>(
        db,
        sql`SELECT id FROM outbox WHERE profile_id = ${profileId} AND target = ${`copy:${c.localId}`}`
      )?.id ?? null,
    sync: syncStateOf(editStates(db, profileId, `copy:${c.localId}`))
  }
}

export function copiesOf(db: ReadDb, profileId: number, setID: number): CopyDto[] {
  return listCopies(db, profileId, setID).map((c) => copyDto(db, profileId, c))
}

interface MinifigRow {
  minifig_number: string
  name: string
  category: string
  owned_in_sets: number
  owned_loose: number
  wanted: number
  /** Whether the catalogue holds a picture of it. */
  pictured: number
  /** The states of its outbox rows, comma-joined; null when none. */
  states: string | null
}

type MinifigFilter = 'all' | 'owned' | 'wanted' | 'inSets' | 'loose'

function minifigDto(profileId: number, r: MinifigRow): MinifigDto {
  return {
    minifigNumber: r.minifig_number,
    name: r.name,
    category: r.category,
    ownedInSets: r.owned_in_sets,
    ownedLoose: r.owned_loose,
    ownedTotal: r.owned_in_sets + r.owned_loose,
    wanted: r.wanted === 1,
    sync: syncStateOf(r.states),
    thumbnail: r.pictured === 1 ? minifigMediaPath('thumb', profileId, r.minifig_number) : null
  }
}

/**
 * Every figure the app knows: the catalogue's (cached by the pull), and the user's own that the
 * catalogue lacks (a service that lists no catalogue, a figure added since). The user's counts and
 * the figure's outbox states come with each.
 */
function minifigRows(db: ReadDb, profileId: number, where: Sql): MinifigRow[] {
  return all<MinifigRow>(
    db,
    sql`WITH figs AS (
          SELECT minifig_number, name, category, thumbnail_url IS NOT NULL OR image_url IS NOT NULL
            AS pictured
          FROM minifigs WHERE profile_id = ${profileId}
          UNION ALL
          SELECT st.minifig_number, st.name, st.category, 0 FROM minifig_state st
          WHERE st.profile_id = ${profileId} AND NOT EXISTS (
            SELECT 1 FROM minifigs m
            WHERE m.profile_id = st.profile_id AND m.minifig_number = st.minifig_number)
        )
        SELECT f.minifig_number,
          coalesce(nullif(f.name, ''), st.name, '') AS name,
          coalesce(nullif(f.category, ''), st.category, '') AS category,
          coalesce(st.owned_in_sets, 0) AS owned_in_sets,
          coalesce(st.owned_loose, 0) AS owned_loose,
          coalesce(st.wanted, 0) AS wanted,
          f.pictured,
          (SELECT group_concat(o.state) FROM outbox o
            WHERE o.profile_id = ${profileId} AND o.target = 'minifig:' || f.minifig_number) AS states
        FROM figs f
        LEFT JOIN minifig_state st
          ON st.profile_id = ${profileId} AND st.minifig_number = f.minifig_number
        WHERE ${where}
        ORDER BY f.minifig_number`
  )
}

export function minifig(db: ReadDb, profileId: number, number: string): MinifigDto | null {
  const r = minifigRows(db, profileId, sql`f.minifig_number = ${number}`)[0]
  return r ? minifigDto(profileId, r) : null
}

const FILTERS: Readonly<Record<MinifigFilter, Sql>> = {
  all: raw('1'),
  owned: raw('coalesce(st.owned_in_sets, 0) + coalesce(st.owned_loose, 0) > 0'),
  wanted: raw('coalesce(st.wanted, 0) = 1'),
  inSets: raw('coalesce(st.owned_in_sets, 0) > 0'),
  loose: raw('coalesce(st.owned_loose, 0) > 0')
}

export function minifigs(
  db: ReadDb,
  profileId: number,
  filter: MinifigFilter,
  query: string
): MinifigDto[] {
  const like = `%${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where = sql`${FILTERS[filter]} AND (f.minifig_number LIKE ${like} ESCAPE '\\'
    OR coalesce(nullif(f.name, ''), st.name, '') LIKE ${like} ESCAPE '\\')`
  return minifigRows(db, profileId, where).map((r) => minifigDto(profileId, r))
}

/** A figure with its large picture and the catalogue's sets it comes in, most recent first. */
export function minifigDetail(
  db: ReadDb,
  profileId: number,
  number: string
): MinifigDetailDto | null {
  const fig = minifig(db, profileId, number)
  if (!fig) return null
  const sets = all<{
    set_id: number
    full_number: string
    name: string
    year: number | null
    thumbnail_url: string | null
    quantity: number
    owned: number | null
  }>(
    db,
    sql`SELECT ms.set_id, s.full_number, s.name, s.year, s.thumbnail_url, ms.quantity,
          st.owned
        FROM minifig_sets ms
        JOIN sets s ON s.profile_id = ms.profile_id AND s.set_id = ms.set_id
        LEFT JOIN set_state st ON st.profile_id = ms.profile_id AND st.set_id = ms.set_id
        WHERE ms.profile_id = ${profileId} AND ms.minifig_number = ${number}
        ORDER BY s.year DESC, s.number_sort, s.set_id`
  )
  return {
    ...fig,
    image: fig.thumbnail === null ? null : minifigMediaPath('image', profileId, number),
    sets: sets.map((r) => ({
      setID: r.set_id,
      fullNumber: r.full_number,
      name: r.name,
      year: r.year,
      thumbnail: r.thumbnail_url ? mediaPath('thumb', profileId, r.set_id) : null,
      quantity: r.quantity,
      owned: r.owned === 1
    }))
  }
}

/** The figures a set comes with (as the catalogue lists them), with the user's counts. */
export function setMinifigs(db: ReadDb, profileId: number, setID: number): SetMinifigDto[] {
  const quantities = new Map(
    all<{ minifig_number: string; quantity: number }>(
      db,
      sql`SELECT minifig_number, quantity FROM minifig_sets
          WHERE profile_id = ${profileId} AND set_id = ${setID}`
    ).map((r) => [r.minifig_number, r.quantity])
  )
  if (quantities.size === 0) return []
  const where = sql`f.minifig_number IN (SELECT minifig_number FROM minifig_sets
    WHERE profile_id = ${profileId} AND set_id = ${setID})`
  return minifigRows(db, profileId, where).map((r) => ({
    ...minifigDto(profileId, r),
    quantity: quantities.get(r.minifig_number) ?? 0
  }))
}

export function flagLabels(db: ReadDb, profileId: number): FlagLabelDto[] {
  const rows = all<{ flag_no: number; label: string }>(
    db,
    sql`SELECT flag_no, label FROM flag_labels WHERE profile_id = ${profileId}`
  )
  return [1, 2, 3, 4, 5, 6, 7, 8].map((flagNo) => ({
    flagNo,
    label: rows.find((r) => r.flag_no === flagNo)?.label ?? ''
  }))
}

export function notes(db: ReadDb, profileId: number): NoteDto[] {
  return all<{ set_id: number; full_number: string | null; name: string | null; notes: string }>(
    db,
    sql`SELECT st.set_id, s.full_number, s.name, st.notes FROM set_state st
        LEFT JOIN sets s ON s.profile_id = st.profile_id AND s.set_id = st.set_id
        WHERE st.profile_id = ${profileId} AND st.notes <> '' ORDER BY s.number_sort, s.full_number`
  ).map((r) => ({
    setID: r.set_id,
    fullNumber: r.full_number ?? '',
    name: r.name ?? '',
    notes: r.notes
  }))
}

/**
 * Paid (price plus additional) and estimated value of the live copies, one sum per currency code
 * ('' for none), never across currencies. `sets` narrows it to the copies of some sets (a
 * condition on `c.set_id`); the Totals screen and the report read the same sums.
 */
export function moneyByCurrency(
  db: ReadDb,
  profileId: number,
  sets: Sql = raw('1')
): { currency: string; paid: number; value: number }[] {
  return all<{ currency: string; paid: number; value: number }>(
    db,
    sql`SELECT c.currency, sum(c.price_paid + c.additional_price_paid) AS paid,
          sum(c.current_estimated_value) AS value
        FROM copies c WHERE c.profile_id = ${profileId} AND c.deleted = 0 AND ${sets}
        GROUP BY c.currency ORDER BY c.currency`
  )
}

export function totals(db: ReadDb, profileId: number): TotalsDto {
  const sets = get<{
    owned: number | null
    distinct_owned: number
    wanted: number
    pieces: number | null
  }>(
    db,
    sql`SELECT sum(st.qty_owned) AS owned, sum(st.owned) AS distinct_owned, sum(st.wanted) AS wanted,
          sum(st.qty_owned * coalesce(s.pieces, 0)) AS pieces
        FROM set_state st LEFT JOIN sets s ON s.profile_id = st.profile_id AND s.set_id = st.set_id
        WHERE st.profile_id = ${profileId}`
  )
  const figs = get<{ owned: number | null; wanted: number | null }>(
    db,
    sql`SELECT sum(owned_in_sets + owned_loose) AS owned, sum(wanted) AS wanted
        FROM minifig_state WHERE profile_id = ${profileId}`
  )
  const money = moneyByCurrency(db, profileId)
  const byTheme = all<{ theme: string; owned: number }>(
    db,
    sql`SELECT s.theme, sum(st.qty_owned) AS owned FROM set_state st
        JOIN sets s ON s.profile_id = st.profile_id AND s.set_id = st.set_id
        WHERE st.profile_id = ${profileId} AND st.owned = 1 GROUP BY s.theme ORDER BY owned DESC, s.theme`
  )
  const byYear = all<{ year: number; owned: number }>(
    db,
    sql`SELECT s.year, sum(st.qty_owned) AS owned FROM set_state st
        JOIN sets s ON s.profile_id = st.profile_id AND s.set_id = st.set_id
        WHERE st.profile_id = ${profileId} AND st.owned = 1 AND s.year IS NOT NULL
        GROUP BY s.year ORDER BY s.year`
  )
  // Months come from the one date reader, not from slicing text: a date is charted as it reads.
  // Each currency is its own series: no rate is known here, so amounts are never added across them.
  const byCurrency = new Map<string, Map<string, { paid: number; value: number }>>()
  for (const c of all<{ currency: string; date: string; paid: number; value: number }>(
    db,
    sql`SELECT currency, date_acquired AS date, price_paid + additional_price_paid AS paid,
          current_estimated_value AS value
        FROM copies WHERE profile_id = ${profileId} AND deleted = 0`
  )) {
    const month = monthOf(c.date)
    if (month === '') continue
    const byMonth = byCurrency.get(c.currency) ?? new Map<string, { paid: number; value: number }>()
    byCurrency.set(c.currency, byMonth)
    const m = byMonth.get(month) ?? { paid: 0, value: 0 }
    byMonth.set(month, { paid: m.paid + c.paid, value: m.value + c.value })
  }
  const byKey = <T>([a]: [string, T], [b]: [string, T]): number => (a < b ? -1 : a > b ? 1 : 0)
  const overTime = [...byCurrency.entries()].sort(byKey).map(([currency, byMonth]) => {
    let paid = 0
    let value = 0
    const points = [...byMonth.entries()].sort(byKey).map(([month, m]) => {
      paid += m.paid
      value += m.value
      return { month, paid, value }
    })
    return { currency, points }
  })
  return {
    setsOwned: sets?.owned ?? 0,
    distinctSetsOwned: sets?.distinct_owned ?? 0,
    setsWanted: sets?.wanted ?? 0,
    minifigsOwned: figs?.owned ?? 0,
    minifigsWanted: figs?.wanted ?? 0,
    piecesOwned: sets?.pieces ?? 0,
    money,
    byTheme,
    byYear,
    overTime
  }
}

/** `10179-1 Millennium Falcon` for lists of edits; the set id when the catalogue lacks it. */
export function setLabel(db: ReadDb, profileId: number, setID: number): string {
  const r = get<{ full_number: string; name: string }>(
    db,
    sql`SELECT full_number, name FROM sets WHERE profile_id = ${profileId} AND set_id = ${setID}`
  )
  return r ? `${r.full_number} ${r.name}` : `Set ${setID}`
}

export function setExists(db: ReadDb, profileId: number, setID: number): boolean {
  return (
    get(db, sql`SELECT 1 AS x FROM sets WHERE profile_id = ${profileId} AND set_id = ${setID}`) !==
    undefined
  )
}
