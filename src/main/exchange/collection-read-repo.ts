import type { ReadDb } from '../store/handles'
import { setsByNumber, userStateOf } from '../catalogue/index'
import {
  flagLabels,
  heldMinifigs,
  heldSets,
  listCopies,
  minifigByNumber,
  readMinifig,
  readSet
} from '../collection/index'
import { portableViews } from '../views/index'
import { localRowsForExport } from './local-rows'
import type { ExportCollection, ExportSet } from './export-types'
import type { CurrentCollection } from './import-diff'

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
  return heldSets(db, profileId).map((r) => {
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
      ...userStateOf(r, r.rating),
      copies: listCopies(db, profileId, r.set_id).map((c) => ({
        ...c.value,
        collectionID: c.collectionID
      }))
    }
  })
}

/** The whole collection as the exports read it. */
export function collectionForExport(db: ReadDb, profileId: number): ExportCollection {
  return {
    sets: exportSets(db, profileId),
    minifigs: heldMinifigs(db, profileId),
    labels: flagLabels(db, profileId),
    views: portableViews(db, profileId),
    local: localRowsForExport(db, profileId)
  }
}

/** The local collection as an import plan compares against it. */
export function currentCollection(db: ReadDb, profileId: number): CurrentCollection {
  const sets = setsByNumber(db, profileId)
  return {
    set(fullNumber) {
      const s = sets.get(fullNumber.toLowerCase())
      if (!s) return null
      return {
        ...s,
        state: readSet(db, profileId, s.setID),
        copies: listCopies(db, profileId, s.setID).map((c) => ({
          localId: c.localId,
          collectionID: c.collectionID,
          value: c.value
        }))
      }
    },
    minifig(number) {
      const row = minifigByNumber(db, profileId, number)
      if (!row) return null
      return { ...row, value: readMinifig(db, profileId, row.number) }
    },
    labels: flagLabels(db, profileId).map((l) => l.label)
  }
}
