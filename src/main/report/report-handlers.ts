import { AppError } from '../../shared/errors'
import type { Handlers } from '../../shared/ipc/contract'
import type { z } from 'zod'
import type { reportScope } from '../../shared/ipc/channels/report'
import type { ReportDto, ReportRow, ReportValue } from '../../shared/model/report'
import { mediaPath, queryCondition } from '../catalogue/index'
import {
  isBlank,
  liveCopiesOfSets,
  moneyByCurrency,
  ownedSetsWithNames,
  setStateSql,
  userSetIdsIn
} from '../collection/index'
import type { LocalCopy, OwnedSetRow } from '../collection/index'
import type { Store } from '../store/connection'
import type { ReadDb } from '../store/handles'
import type { Sql } from '../store/sql'
import type { ReportPdfPort } from './pdf-port'
import { ALL_OWNED, copiesOfSets, readOwner, writeOwner } from './report-repo'
import { copyValue, replacementTotals, retailValue } from './report-values'

type ReportHandlers = Pick<
  Handlers,
  'report:build' | 'report:savePdf' | 'report:getOwner' | 'report:setOwner'
>

interface ReportDeps {
  readonly store: Store
  readonly profileId: () => number
  readonly now: () => Date
  /** Electron's PDF printer; null in the browser host. */
  readonly pdf: ReportPdfPort | null
}

type ParsedScope = z.output<typeof reportScope>

function conditionOf(db: ReadDb, profileId: number, input: ParsedScope): Sql {
  if ('setIDs' in input) return userSetIdsIn(input.setIDs)
  if ('query' in input) return queryCondition(db, setStateSql, profileId, input.query)
  return ALL_OWNED
}

function setInfo(s: OwnedSetRow, profileId: number) {
  return {
    setNotes: s.set_notes,
    setID: s.set_id,
    fullNumber: s.full_number ?? String(s.set_id),
    name: s.name ?? `Set ${s.set_id}`,
    theme: s.theme ?? '',
    year: s.year,
    thumbnail: s.thumbnail_url ? mediaPath('thumb', profileId, s.set_id) : null
  }
}

function copyRow(set: ReturnType<typeof setInfo>, c: LocalCopy, retail: ReportValue): ReportRow {
  const v = c.value
  return {
    kind: 'copy',
    ...set,
    value: copyValue(v, retail),
    localId: c.localId,
    conditionNow: v.conditionNow,
    conditionWhenAcquired: v.conditionWhenAcquired,
    location: v.location,
    dateAcquired: v.dateAcquired,
    acquiredFrom: v.acquiredFrom,
    currency: v.currency,
    pricePaid: v.pricePaid,
    additionalPricePaid: v.additionalPricePaid,
    currentEstimatedValue: v.currentEstimatedValue,
    notes: v.notes
  }
}

/**
 * One row per copy with details; the rest of the quantity (blank copy records, or no record at
 * all) is one "N more without details" row. A set marked owned counts at least one copy.
 */
function buildReport(db: ReadDb, profileId: number, input: ParsedScope, now: Date): ReportDto {
  const region = input.region ?? 'US'
  const sets = ownedSetsWithNames(db, profileId, conditionOf(db, profileId, input))
  const ids = sets.map((s) => s.set_id)
  const copies = new Map<number, LocalCopy[]>()
  for (const c of liveCopiesOfSets(db, profileId, ids)) {
    if (isBlank(c.value)) continue
    const list = copies.get(c.setID) ?? []
    list.push(c)
    copies.set(c.setID, list)
  }
  const rows: ReportRow[] = []
  let detailed = 0
  let total = 0
  for (const s of sets) {
    const info = setInfo(s, profileId)
    const retail = retailValue(s, region)
    const mine = copies.get(s.set_id) ?? []
    // The set's note once, on its first row: a note on every copy would read as several notes.
    mine.forEach((c, i) =>
      rows.push(copyRow(i === 0 ? info : { ...info, setNotes: '' }, c, retail))
    )
    const rest = Math.max(0, Math.max(s.qty_owned, 1) - mine.length)
    if (rest > 0) {
      rows.push({
        kind: 'undetailed',
        ...info,
        value: retail,
        count: rest,
        more: mine.length > 0,
        setNotes: mine.length > 0 ? '' : s.set_notes
      })
    }
    detailed += mine.length
    total += mine.length + rest
  }
  // Blank copies carry no amount and no currency: a no-currency group of zeros says nothing.
  const totals = moneyByCurrency(db, profileId, copiesOfSets(ids)).filter(
    (m) => m.currency !== '' || m.paid !== 0 || m.value !== 0
  )
  return {
    owner: readOwner(db),
    generatedAt: now.toISOString(),
    sets: sets.length,
    copies: total,
    detailedCopies: detailed,
    leftOut: 'setIDs' in input ? new Set(input.setIDs).size - sets.length : 0,
    rows,
    totals,
    region,
    ...replacementTotals(rows)
  }
}

export function createReportHandlers(deps: ReportDeps): ReportHandlers {
  return {
    'report:build': (input) => buildReport(deps.store.read, deps.profileId(), input, deps.now()),
    'report:getOwner': () => readOwner(deps.store.read),
    'report:setOwner': (owner) => {
      const clean = { name: owner.name.trim(), address: owner.address.trim() }
      writeOwner(deps.store.write, clean)
      return clean
    },
    'report:savePdf': async ({ paper, suggestedName }) => {
      if (deps.pdf === null) {
        throw new AppError(
          'invalid_input',
          'Saving a PDF needs the desktop app: use Print, and choose "Save as PDF" as the printer.'
        )
      }
      return deps.pdf.savePdf(paper, suggestedName)
    }
  }
}
