import { z } from 'zod'
import { channel } from '../define'
import { empty, setId } from './common'
import { DOCTOR_CHECKS, DOCTOR_PAGE_MAX } from '../../model/doctor'
import type { DoctorFixResultDto, DoctorPageDto, DoctorSummaryDto } from '../../model/doctor'

/** The collection doctor (issue #30 §2): counts, one page of a check, one fix. */
const doctorCheck = z.enum(DOCTOR_CHECKS)

export const doctorChannels = {
  'doctor:getSummary': channel<DoctorSummaryDto>()(empty),
  'doctor:list': channel<DoctorPageDto>()(
    z
      .object({
        check: doctorCheck,
        offset: z.number().int().min(0).max(1_000_000).default(0),
        limit: z.number().int().min(1).max(DOCTOR_PAGE_MAX).default(20)
      })
      .strict()
  ),
  /** Fixes the one problem named: a set (setID) or one of its copies (localId). */
  'doctor:applyFix': channel<DoctorFixResultDto>()(
    z
      .object({
        check: doctorCheck,
        setID: setId.optional(),
        localId: z.string().min(1).max(100).optional()
      })
      .strict()
  )
} as const
