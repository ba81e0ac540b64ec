import type { AppErrorData } from '../../../../shared/errors'
import type {
  AuditDto,
  AuditFixDto,
  AuditReportDto,
  AuditRowDto,
  LocationUseDto,
  TickDto
} from '../../../../shared/model/shelf'
import { tryCall } from '../api'
import { describeError } from '../errors'

/** A row's key in the list: its copy, or the code that named none. */
export function auditRowKey(r: AuditRowDto): string {
  return r.localId !== null ? `copy:${r.localId}` : `code:${r.code ?? ''}`
}

/**
 * The shelf audit in the renderer (issue #30 §4). Main keeps the audit and every tick (a restart
 * resumes it); this holds what the screen shows. Ticks, typed or clicked, go through one queue in
 * the order they were made, as scan mode's do: a scanner types the next label while the last is
 * being saved.
 */
class AuditState {
  audit = $state.raw<AuditDto | null>(null)
  /** The last audit ended here (its report and fix stay on screen until another starts). */
  loaded = $state(false)
  error = $state.raw<AppErrorData | null>(null)
  locations = $state.raw<LocationUseDto[]>([])
  /** What the live region says: the newest tick's outcome. */
  announcement = $state('')
  candidates = $state.raw<readonly AuditRowDto[]>([])
  report = $state.raw<AuditReportDto | null>(null)
  fixed = $state.raw<AuditFixDto | null>(null)
  busy = $state(false)
  #queue: Promise<unknown> = Promise.resolve()

  async load(): Promise<void> {
    const r = await tryCall('shelf:getAudit', this.audit ? { auditId: this.audit.id } : {})
    if (!r.ok) {
      this.error = r.error
      this.loaded = true
      return
    }
    this.error = null
    this.audit = r.value
    this.loaded = true
    if (r.value === null || r.value.endedAt !== null) await this.loadLocations()
    if (this.report && r.value) await this.showReport()
  }

  async loadLocations(): Promise<void> {
    const r = await tryCall('shelf:listLocations', { query: '', limit: 200 })
    if (r.ok) this.locations = r.value
  }

  async start(location: string, replace = false): Promise<void> {
    this.busy = true
    const r = await tryCall('shelf:startAudit', { location, replace })
    this.busy = false
    if (!r.ok) {
      this.error = r.error
      return
    }
    this.error = null
    this.audit = r.value
    this.report = null
    this.fixed = null
    this.candidates = []
    this.announcement = `Auditing ${r.value.location}: ${String(r.value.rows.length)} copies expected.`
  }

  /** One step in the queue, after every step before it. */
  #enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(step, step)
    this.#queue = run.catch(() => undefined)
    return run
  }

  #apply(t: TickDto): void {
    this.announcement = t.message
    this.candidates = t.candidates
    const a = this.audit
    if (!a) return
    const rows = [...a.rows]
    const key = t.row ? auditRowKey(t.row) : null
    if (t.row && key !== null) {
      const at = rows.findIndex((r) => auditRowKey(r) === key)
      if (at >= 0) rows[at] = t.row
      else rows.push(t.row)
    }
    this.audit = { ...a, rows }
    // A report on screen follows the ticks made after it was shown.
    if (this.report !== null) void this.#refreshReport(a.id)
  }

  async #refreshReport(auditId: number): Promise<void> {
    const r = await tryCall('shelf:getReport', { auditId })
    if (r.ok && this.audit?.id === auditId) this.report = r.value
  }

  #fail(e: AppErrorData): void {
    this.announcement = describeError(e).message
  }

  tick(raw: string): Promise<void> {
    const code = raw.trim()
    const a = this.audit
    if (code === '' || !a) return Promise.resolve()
    return this.#enqueue(async () => {
      const r = await tryCall('shelf:tick', { auditId: a.id, code })
      if (r.ok) this.#apply(r.value)
      else this.#fail(r.error)
    })
  }

  mark(row: AuditRowDto, mark: 'found' | 'missing' | 'none'): Promise<void> {
    const a = this.audit
    if (!a) return Promise.resolve()
    return this.#enqueue(async () => {
      const target = row.localId !== null ? { localId: row.localId } : { code: row.code ?? '' }
      const r = await tryCall('shelf:mark', { auditId: a.id, ...target, mark })
      if (!r.ok) {
        this.#fail(r.error)
        return
      }
      this.#apply(r.value)
      // A row taken back that is no longer this place's (a misplaced or unexpected one) goes.
      if (r.value.row === null && this.audit) {
        const key = auditRowKey(row)
        this.audit = {
          ...this.audit,
          rows: this.audit.rows.filter((x) => auditRowKey(x) !== key)
        }
      }
    })
  }

  async showReport(): Promise<void> {
    const a = this.audit
    if (!a) return
    await this.#queue
    const r = await tryCall('shelf:getReport', { auditId: a.id })
    if (r.ok) this.report = r.value
    else this.error = r.error
    // The fix's "moved to" field suggests the places already used.
    await this.loadLocations()
  }

  async applyFix(moveMisplaced: boolean, missingTo: string | null): Promise<void> {
    const a = this.audit
    if (!a) return
    this.busy = true
    const r = await tryCall('shelf:applyFix', { auditId: a.id, moveMisplaced, missingTo })
    this.busy = false
    if (!r.ok) {
      this.error = r.error
      return
    }
    this.fixed = r.value
    this.announcement = r.value.moved > 0 ? `${r.value.description}.` : 'Nothing needed moving.'
    await this.load()
  }

  async undoFix(): Promise<void> {
    const id = this.fixed?.journalId ?? null
    if (id === null) return
    const r = await tryCall('journal:undo', { entryId: id })
    if (!r.ok) {
      this.error = r.error
      return
    }
    this.announcement = 'The moves were undone: every copy is back where it was recorded.'
    this.fixed = { ...(this.fixed as AuditFixDto), journalId: null }
    await this.load()
  }

  async end(): Promise<void> {
    const a = this.audit
    if (!a) return
    await this.#queue
    const r = await tryCall('shelf:endAudit', { auditId: a.id })
    if (!r.ok) {
      this.error = r.error
      return
    }
    this.audit = null
    this.report = null
    this.fixed = null
    this.announcement = `The audit of ${a.location} ended; nothing was changed.`
    await this.loadLocations()
  }

  /** Back to the chooser after an audit ended (its rows stay in main, with its report). */
  leave(): void {
    this.audit = null
    this.report = null
    this.fixed = null
    this.candidates = []
    void this.loadLocations()
  }
}

export const audit = new AuditState()
