import { randomUUID } from 'node:crypto'
import { AppError } from '../../shared/errors'
import type { Handlers } from '../../shared/ipc/contract'
import type { ImportFormat } from '../../shared/model/exchange'
import type { ReadDb } from '../store/handles'
import { all } from '../store/handles'
import { sql } from '../store/sql'
import { buildExport } from './export-formats'
import type { ExportSet } from './export-formats'
import { planImport } from './import-diff'
import type { CurrentSet } from './import-diff'
import { parseImport } from './import-formats'
import type { FileChooser } from './file-chooser'
import { applyEdits, flagLabels, listCopies, readSet } from '../collection/index'
import type { Edit, EditDeps } from '../collection/index'
import { flagTitle } from './export-formats'
import { flagsOf } from '../catalogue/index'

export type ExchangeHandlers = Pick<
  Handlers,
  'exchange:export' | 'exchange:previewImport' | 'exchange:applyImport'
>

export interface ExchangeDeps extends EditDeps {
  readonly files: FileChooser | null
}

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
  owned: number
  wanted: number
  qty_owned: number
  notes: string
  rating: number
  flags: number
}

/** Every set the user holds anything for, with its catalogue fields and copies (a local read). */
export function collectionForExport(db: ReadDb, profileId: number): ExportSet[] {
  const rows = all<CollectionRow>(
    db,
    sql`SELECT st.set_id, s.full_number, s.name, s.theme, s.subtheme, s.year, s.pieces, s.minifigs,
          s.uk_price, s.us_price, s.ca_price, s.eu_price, st.owned, st.wanted, st.qty_owned,
          st.notes, st.rating, st.flags
        FROM set_state st LEFT JOIN sets s ON s.profile_id = st.profile_id AND s.set_id = st.set_id
        WHERE st.profile_id = ${profileId} AND (st.owned = 1 OR st.wanted = 1 OR st.qty_owned > 0
          OR st.notes <> '' OR st.rating > 0 OR st.flags <> 0)
        ORDER BY s.number_sort, s.full_number, st.set_id`
  )
  return rows.map((r) => ({
    setID: r.set_id,
    fullNumber: r.full_number ?? '',
    name: r.name ?? '',
    theme: r.theme ?? '',
    subtheme: r.subtheme ?? '',
    year: r.year,
    pieces: r.pieces,
    minifigs: r.minifigs,
    prices: { UK: r.uk_price, US: r.us_price, CA: r.ca_price, EU: r.eu_price },
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
  }))
}

interface Preview {
  readonly profileId: number
  readonly format: ImportFormat
  readonly edits: readonly Edit[]
  readonly sets: number
}

const MAX_PREVIEWS = 5

export function createExchangeHandlers(deps: ExchangeDeps): ExchangeHandlers {
  const previews = new Map<string, Preview>()
  const db = () => deps.store.write

  function lookup(profileId: number): (fullNumber: string) => CurrentSet | null {
    const sets = new Map(
      all<{ set_id: number; full_number: string; name: string }>(
        db(),
        sql`SELECT set_id, full_number, name FROM sets WHERE profile_id = ${profileId}`
      ).map((s) => [s.full_number.toLowerCase(), s])
    )
    return (fullNumber) => {
      const s = sets.get(fullNumber.toLowerCase())
      if (!s) return null
      return {
        setID: s.set_id,
        fullNumber: s.full_number,
        name: s.name,
        state: readSet(db(), profileId, s.set_id),
        copies: listCopies(db(), profileId, s.set_id).map((c) => c.value)
      }
    }
  }

  return {
    'exchange:export': async ({ format, bom, saveWithDialog }) => {
      const p = deps.profileId()
      const date = deps.now().toISOString().slice(0, 10)
      const file = buildExport(format, collectionForExport(db(), p), flagLabels(db(), p), {
        bom,
        date
      })
      let savedTo: string | null = null
      if (saveWithDialog && deps.files) {
        const ext = format === 'bricklink' ? 'xml' : 'csv'
        const r = await deps.files.saveText(file.filename, file.content, [
          { name: ext.toUpperCase(), extensions: [ext] }
        ])
        savedTo = r.saved ? (r.path ?? file.filename) : null
      }
      return { ...file, savedTo }
    },
    'exchange:previewImport': ({ format, content }) => {
      const p = deps.profileId()
      const titles = flagLabels(db(), p).map((l) => flagTitle([l], l.flagNo))
      const plan = planImport(parseImport(format, content, titles), lookup(p), () => randomUUID())
      const previewId = randomUUID()
      previews.set(previewId, { profileId: p, format, edits: plan.edits, sets: plan.items.length })
      while (previews.size > MAX_PREVIEWS) previews.delete(previews.keys().next().value ?? '')
      const rows = plan.adds + plan.changes + plan.unchanged + plan.unknown.length
      return {
        previewId,
        format,
        rows,
        adds: plan.adds,
        changes: plan.changes,
        unchanged: plan.unchanged,
        unknown: plan.unknown,
        items: plan.items
      }
    },
    'exchange:applyImport': ({ previewId }) => {
      const preview = previews.get(previewId)
      if (!preview || preview.profileId !== deps.profileId()) {
        throw new AppError(
          'not_found',
          'That import preview has expired; preview the file again.',
          { field: 'previewId' }
        )
      }
      previews.delete(previewId)
      if (preview.edits.length === 0) return { applied: 0, journalId: null }
      // One journal entry for the whole file: a single undo reverts the import.
      const r = applyEdits(
        db(),
        preview.profileId,
        preview.edits,
        {
          kind: 'new',
          description: `Import (${preview.format}): ${preview.sets} sets`,
          batchId: previewId
        },
        deps.now().toISOString()
      )
      deps.changed(r.setIDs)
      return { applied: preview.sets, journalId: r.journalId }
    }
  }
}
