import type {
  CopyDto,
  FlagLabelDto,
  MinifigDto,
  NoteDto,
  SetCollectionDto,
  TotalsDto
} from '../../shared/model/collection'
import { monthOf } from '../../shared/model/service-date'
import type { ReadDb } from '../store/handles'
import { all, get } from '../store/handles'
import { sql } from '../store/sql'
import { syncStateOf } from '../catalogue/index'
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
}

function minifigDto(db: ReadDb, profileId: number, r: MinifigRow): MinifigDto {
  return {
    minifigNumber: r.minifig_number,
    name: r.name,
    category: r.category,
    ownedInSets: r.owned_in_sets,
    ownedLoose: r.owned_loose,
    ownedTotal: r.owned_in_sets + r.owned_loose,
    wanted: r.wanted === 1,
    sync: syncStateOf(editStates(db, profileId, `minifig:${r.minifig_number}`))
  }
}

export function minifig(db: ReadDb, profileId: number, number: string): MinifigDto | null {
  const r = get<MinifigRow>(
    db,
    sql`SELECT * FROM minifig_state WHERE profile_id = ${profileId} AND minifig_number = ${number}`
  )
  return r ? minifigDto(db, profileId, r) : null
}

export function minifigs(
  db: ReadDb,
  profileId: number,
  filter: 'all' | 'owned' | 'wanted' | 'inSets' | 'loose',
  query: string
): MinifigDto[] {
  const like = `%${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const rows = all<MinifigRow>(
    db,
    sql`SELECT * FROM minifig_state WHERE profile_id = ${profileId}
          AND (minifig_number LIKE ${like} ESCAPE '\\' OR name LIKE ${like} ESCAPE '\\')
        ORDER BY minifig_number`
  )
  const keep = (r: MinifigRow): boolean => {
    switch (filter) {
      case 'all':
        return true
      case 'owned':
        return r.owned_in_sets + r.owned_loose > 0
      case 'wanted':
        return r.wanted === 1
      case 'inSets':
        return r.owned_in_sets > 0
      case 'loose':
        return r.owned_loose > 0
    }
  }
  return rows.filter(keep).map((r) => minifigDto(db, profileId, r))
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
  const money = all<{ currency: string; paid: number; value: number }>(
    db,
    sql`SELECT currency, sum(price_paid + additional_price_paid) AS paid,
          sum(current_estimated_value) AS value
        FROM copies WHERE profile_id = ${profileId} AND deleted = 0 GROUP BY currency ORDER BY currency`
  )
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
