import type { ReadDb } from '../store/handles'
import { all, get } from '../store/handles'
import { flagsOf } from '../catalogue/index'
import { sql } from '../store/sql'
import { flagLabels, listCopies, readMinifig, readSet } from '../collection/index'
import { portableViews } from '../views/index'
import { localRowsForExport } from './local-rows'
import type { ExportCollection, ExportSet } from './export-types'
import type { CurrentCollection } from './import-diff'

interface CollectionRow {
  set_id: number
  full_number: string | null
  name: string | null
  theme: string | null
  subtheme: string | null
  year: number | null
  pieces: number | null
  minifigs: number | null
  uk_price: string | null
  us_price: string | null
  ca_price: string | null
  eu_price: string | null
  ean: string | null
  upc: string | null
  detail: string | null
  owned: number
  wanted: number
  qty_owned: number
  notes: string
  rating: number
  flags: number
}

interface DetailFields {
  width?: string | null
  height?: string | null
  depth?: string | null
  weight?: string | null
  shopDateAdded?: string | null
  shopDateRemoved?: string | null
}

function detailOf(text: string | null): DetailFields {
  if (text === null) return {}
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null ? parsed : {}
  } catch {
    return {}
  }
}

/** Every set the user holds anything for, with its catalogue fields and copies (a local read). */
function exportSets(db: ReadDb, profileId: number): ExportSet[] {
  const rows = all<CollectionRow>(
    db,
    sql`SELECT st.set_id, s.full_number, s.name, s.theme, s.subtheme, s.year, s.pieces, s.minifigs,
          s.uk_price, s.us_price, s.ca_price, s.eu_price, s.ean, s.upc, s.detail, st.owned,
          st.wanted, st.qty_owned, st.notes, st.rating, st.flags
        FROM set_state st LEFT JOIN sets s ON s.profile_id = st.profile_id AND s.set_id = st.set_id
        WHERE st.profile_id = ${profileId} AND (st.owned = 1 OR st.wanted = 1 OR st.qty_owned > 0
          OR st.notes <> '' OR st.rating > 0 OR st.flags <> 0)
        ORDER BY s.number_sort, s.full_number, st.set_id`
  )
  return rows.map((r) => {
    const d = detailOf(r.detail)
    return {
      setID: r.set_id,
      fullNumber: r.full_number ?? '',
      name: r.name ?? '',
      theme: r.theme ?? '',
      subtheme: r.subtheme ?? '',
      year: r.year,
      pieces: r.pieces,
      minifigs: r.minifigs,
      prices: { UK: r.uk_price, US: r.us_price, CA: r.ca_price, EU: r.eu_price },
      ean: r.ean,
      upc: r.upc,
      dimensions: {
        width: d.width ?? null,
        height: d.height ?? null,
        depth: d.depth ?? null,
        weight: d.weight ?? null
      },
      launchDate: d.shopDateAdded ?? null,
      exitDate: d.shopDateRemoved ?? null,
      owned: r.owned === 1,
      wanted: r.wanted === 1,
      qtyOwned: r.qty_owned,
      notes: r.notes,
      rating: r.rating,
      flags: flagsOf(r.flags),
      copies: listCopies(db, profileId, r.set_id).map((c) => ({
        ...c.value,
        collectionID: c.collectionID
      }))
    }
  })
}

/** The whole collection as the exports read it. */
export function collectionForExport(db: ReadDb, profileId: number): ExportCollection {
  const minifigs = all<{
    minifig_number: string
    name: string
    category: string
    owned_loose: number
    wanted: number
  }>(
    db,
    sql`SELECT minifig_number, name, category, owned_loose, wanted FROM minifig_state
        WHERE profile_id = ${profileId} AND (owned_loose > 0 OR wanted = 1)
        ORDER BY minifig_number`
  ).map((m) => ({
    number: m.minifig_number,
    name: m.name,
    category: m.category,
    ownedLoose: m.owned_loose,
    wanted: m.wanted === 1
  }))
  return {
    sets: exportSets(db, profileId),
    minifigs,
    labels: flagLabels(db, profileId),
    views: portableViews(db, profileId),
    local: localRowsForExport(db, profileId)
  }
}

/** The local collection as an import plan compares against it. */
export function currentCollection(db: ReadDb, profileId: number): CurrentCollection {
  const sets = new Map(
    all<{ set_id: number; full_number: string; name: string }>(
      db,
      sql`SELECT set_id, full_number, name FROM sets WHERE profile_id = ${profileId}`
    ).map((s) => [s.full_number.toLowerCase(), s])
  )
  return {
    set(fullNumber) {
      const s = sets.get(fullNumber.toLowerCase())
      if (!s) return null
      return {
        setID: s.set_id,
        fullNumber: s.full_number,
        name: s.name,
        state: readSet(db, profileId, s.set_id),
        copies: listCopies(db, profileId, s.set_id).map((c) => ({
          localId: c.localId,
          collectionID: c.collectionID,
          value: c.value
        }))
      }
    },
    minifig(number) {
      const row = get<{ minifig_number: string; name: string }>(
        db,
        sql`SELECT minifig_number, name FROM minifig_state
            WHERE profile_id = ${profileId} AND lower(minifig_number) = lower(${number})`
      )
      if (!row) return null
      return {
        number: row.minifig_number,
        name: row.name,
        value: readMinifig(db, profileId, row.minifig_number)
      }
    },
    labels: flagLabels(db, profileId).map((l) => l.label)
  }
}

/** The catalogue's set ids: a restore writes only sets the edit path would accept. */
export function catalogueSetIds(db: ReadDb, profileId: number): Set<number> {
  return new Set(
    all<{ set_id: number }>(db, sql`SELECT set_id FROM sets WHERE profile_id = ${profileId}`).map(
      (r) => r.set_id
    )
  )
}
