import { z } from 'zod'
import { channel } from '../define'
import { userText } from './common'
import { LOCATIONS_MAX } from '../../model/shelf'
import type {
  AuditDto,
  AuditFixDto,
  AuditReportDto,
  LocationUseDto,
  TickDto
} from '../../model/shelf'

/** The shelf audit and location paths (issue #30 §4). */
const auditId = z.number().int().positive()
/** As the copy's own location field allows (copyInput). */
const location = userText(200)
const localId = z.string().min(1).max(64)

export const shelfChannels = {
  /** The places the copies use (with the places they are in), filtered by what was typed. */
  'shelf:listLocations': channel<LocationUseDto[]>()(
    z
      .object({
        query: userText(200).default(''),
        limit: z.number().int().min(1).max(LOCATIONS_MAX).default(50)
      })
      .strict()
  ),
  /** The audit named, or the open one (null when none is open). */
  'shelf:getAudit': channel<AuditDto | null>()(z.object({ auditId: auditId.optional() }).strict()),
  /** Opens an audit of a location; one already open is refused unless `replace` ends it. */
  'shelf:startAudit': channel<AuditDto>()(
    z
      .object({
        location: location.refine((t) => t.trim() !== '', 'name the location to walk'),
        replace: z.boolean().default(false)
      })
      .strict()
  ),
  /** A code typed or scanned: a box label, a copy id (`#123456`) or a set number. */
  'shelf:tick': channel<TickDto>()(
    z
      .object({ auditId, code: userText(200).refine((t) => t.trim() !== '', 'type a code') })
      .strict()
  ),
  /** A click on a row: a copy (localId) or an unexpected code ticked found, missing or neither. */
  'shelf:mark': channel<TickDto>()(
    z
      .object({
        auditId,
        localId: localId.optional(),
        code: userText(200).optional(),
        mark: z.enum(['found', 'missing', 'none'])
      })
      .strict()
      .refine((m) => (m.localId === undefined) !== (m.code === undefined), {
        message: 'name a copy or a code'
      })
  ),
  'shelf:getReport': channel<AuditReportDto>()(z.object({ auditId }).strict()),
  /**
   * The report's fix as one edit: misplaced copies moved to the audited location (when
   * `moveMisplaced`), copies ticked missing moved to `missingTo` (null: left as they are; '':
   * their location cleared). The audit then ends.
   */
  'shelf:applyFix': channel<AuditFixDto>()(
    z
      .object({
        auditId,
        moveMisplaced: z.boolean(),
        missingTo: location.nullable()
      })
      .strict()
  ),
  /** Ends the audit without changing any copy. */
  'shelf:endAudit': channel<null>()(z.object({ auditId }).strict())
} as const
