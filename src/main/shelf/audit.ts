import { AppError } from '../../shared/errors'
import { normalisePath } from '../../shared/model/location-path'
import type { AuditDto, AuditReportDto, AuditRowDto, TickDto } from '../../shared/model/shelf'
import type { ReadDb, WriteDb } from '../store/handles'
import { transaction } from '../store/handles'
import { resolveCode } from './audit-codes'
import { auditDto, auditRows, codeRow, copyRow, statusOf } from './audit-rows'
import {
  auditById,
  copiesByIds,
  dropMark,
  endAudit,
  insertAudit,
  marksOf,
  marksOfCopies,
  openAudit,
  putMark
} from './shelf-repo'
import type { AuditKey, AuditRow, LocatedCopyRow, MarkRow } from './shelf-repo'

/**
 * The audit's steps. Each tick is written as it happens (one small transaction), so a restart
 * resumes the audit as it was left and a kill loses at most the tick it interrupted.
 */

export function currentAudit(db: ReadDb, p: number, id?: number): AuditRow | undefined {
  return id === undefined ? openAudit(db, p) : auditById(db, p, id)
}

/** The audit a tick or a fix acts on: it must exist and still be open. */
export function openAuditOf(db: ReadDb, p: number, id: number): AuditRow {
  const a = auditById(db, p, id)
  if (!a) throw new AppError('not_found', 'That audit is no longer there.', { field: 'auditId' })
  if (a.ended_at !== null) {
    throw new AppError('conflict', `The audit of ${a.location} has ended: start a new one.`)
  }
  return a
}

export async function startAudit(
  db: WriteDb,
  p: number,
  location: string,
  replace: boolean,
  now: string
): Promise<AuditDto> {
  const path = normalisePath(location)
  if (path === '') throw new AppError('invalid_input', 'Name the location to walk.')
  const id = transaction(db, () => {
    const open = openAudit(db, p)
    if (open) {
      if (!replace) {
        throw new AppError(
          'conflict',
          `The audit of ${open.location} is still open: finish it or start again over it.`
        )
      }
      endAudit(db, p, open.id, now, null)
    }
    return insertAudit(db, p, path, now)
  })
  const a = auditById(db, p, id)
  if (!a) throw new AppError('internal', 'The audit was not saved.')
  return auditDto(db, p, a)
}

const named = (r: AuditRowDto): string => `${r.fullNumber} ${r.name}`.trim()

function markOf(db: ReadDb, a: AuditKey, localId: string): MarkRow['mark'] | undefined {
  return marksOfCopies(db, a, [localId]).get(localId)
}

/** A copy ticked seen: found here, or misplaced when it is recorded elsewhere. */
function seeCopy(db: WriteDb, a: AuditRow, c: LocatedCopyRow, now: string): TickDto {
  if (markOf(db, a, c.local_id) === 'seen') {
    const row = copyRow(c, statusOf(a.location, c.location, 'seen') ?? 'found')
    return { outcome: 'already', message: `${named(row)} was ticked already.`, row, candidates: [] }
  }
  putMark(db, a, { localId: c.local_id, code: '' }, 'seen', now)
  const status = statusOf(a.location, c.location, 'seen') ?? 'found'
  const row = copyRow(c, status)
  if (status === 'found') {
    return { outcome: 'found', message: `Found ${named(row)}.`, row, candidates: [] }
  }
  const where = c.location === '' ? 'with no location' : `at ${c.location}`
  return {
    outcome: 'misplaced',
    message: `${named(row)} is recorded ${where}: misplaced here.`,
    row,
    candidates: []
  }
}

/**
 * Which of the copies a code names was seen: the one copy recorded here not ticked yet; failing
 * that, the one not ticked recorded elsewhere. Two or more either way is for the user to pick.
 */
function pick(
  db: ReadDb,
  a: AuditRow,
  copies: readonly LocatedCopyRow[]
): { one: LocatedCopyRow } | { several: LocatedCopyRow[] } | { seen: LocatedCopyRow } {
  const marks = marksOfCopies(
    db,
    a,
    copies.map((c) => c.local_id)
  )
  const unseen = copies.filter((c) => marks.get(c.local_id) !== 'seen')
  const here = unseen.filter((c) => statusOf(a.location, c.location, undefined) !== null)
  const away = unseen.filter((c) => statusOf(a.location, c.location, undefined) === null)
  const group = here.length > 0 ? here : away
  const first = group[0]
  if (group.length === 1 && first) return { one: first }
  if (group.length > 1) return { several: group }
  return { seen: copies[0] as LocatedCopyRow }
}

export function tick(db: WriteDb, p: number, auditId: number, text: string, now: string): TickDto {
  const code = text.trim()
  return transaction(db, () => {
    const a = openAuditOf(db, p, auditId)
    const r = resolveCode(db, p, code)
    if (r.kind === 'unknown')
      return { outcome: 'unknown', message: r.why, row: null, candidates: [] }
    if (r.kind === 'noCopy') {
      const had = marksOf(db, a).some((m) => m.local_id === '' && m.code === code)
      putMark(db, a, { localId: '', code }, 'seen', now)
      const row = codeRow(db, p, code)
      return had
        ? { outcome: 'already', message: `${named(row)} is listed already.`, row, candidates: [] }
        : {
            outcome: 'unexpected',
            message: `${named(row)}: ${r.why}, listed as unexpected.`,
            row,
            candidates: []
          }
    }
    const choice = pick(db, a, r.copies)
    if ('one' in choice) return seeCopy(db, a, choice.one, now)
    if ('seen' in choice) return seeCopy(db, a, choice.seen, now)
    const candidates = choice.several.map((c) =>
      copyRow(c, statusOf(a.location, c.location, undefined) ?? 'misplaced')
    )
    return {
      outcome: 'ambiguous',
      message: `${code} names ${String(candidates.length)} copies: pick the one in your hand.`,
      row: null,
      candidates
    }
  })
}

/** A click on a row: found, missing, or neither (the tick taken back). */
export function mark(
  db: WriteDb,
  p: number,
  auditId: number,
  target: { localId?: string | undefined; code?: string | undefined },
  to: 'found' | 'missing' | 'none',
  now: string
): TickDto {
  return transaction(db, () => {
    const a = openAuditOf(db, p, auditId)
    if (target.code !== undefined) {
      const key = { localId: '', code: target.code.trim() }
      if (to === 'missing')
        throw new AppError('invalid_input', 'Only a recorded copy can be missing.')
      if (to === 'none') dropMark(db, a, key)
      else putMark(db, a, key, 'seen', now)
      const row = codeRow(db, p, key.code)
      return to === 'none'
        ? {
            outcome: 'cleared',
            message: `${named(row)} taken off the list.`,
            row: null,
            candidates: []
          }
        : {
            outcome: 'unexpected',
            message: `${named(row)} listed as unexpected.`,
            row,
            candidates: []
          }
    }
    const c = copiesByIds(db, p, [target.localId ?? ''])[0]
    if (!c) throw new AppError('not_found', 'That copy is no longer there.', { field: 'localId' })
    if (to === 'found') {
      putMark(db, a, { localId: c.local_id, code: '' }, 'seen', now)
      const row = copyRow(c, statusOf(a.location, c.location, 'seen') ?? 'found')
      const outcome = row.status === 'found' ? 'found' : 'misplaced'
      return {
        outcome,
        message: `${outcome === 'found' ? 'Found' : 'Misplaced here:'} ${named(row)}.`,
        row,
        candidates: []
      }
    }
    if (to === 'missing') {
      if (statusOf(a.location, c.location, undefined) === null) {
        throw new AppError(
          'invalid_input',
          `That copy is recorded at ${c.location || 'no location'}, not here.`
        )
      }
      putMark(db, a, { localId: c.local_id, code: '' }, 'missing', now)
      const row = copyRow(c, 'missing')
      return { outcome: 'missing', message: `${named(row)} marked missing.`, row, candidates: [] }
    }
    dropMark(db, a, { localId: c.local_id, code: '' })
    const status = statusOf(a.location, c.location, undefined)
    const row = status === null ? null : copyRow(c, status)
    return {
      outcome: 'cleared',
      message: `${named(copyRow(c, 'unchecked'))} no longer ticked.`,
      row,
      candidates: []
    }
  })
}

export async function report(db: ReadDb, p: number, a: AuditRow): Promise<AuditReportDto> {
  const rows = await auditRows(db, p, a)
  const of = (s: AuditRowDto['status']) => rows.filter((r) => r.status === s)
  return {
    auditId: a.id,
    location: a.location,
    expected: rows.filter((r) => r.status !== 'misplaced' && r.status !== 'unexpected').length,
    found: of('found').length,
    missing: of('missing'),
    unchecked: of('unchecked'),
    misplaced: of('misplaced'),
    unexpected: of('unexpected')
  }
}
