import { z } from 'zod'

export const empty = z.object({}).strict()
export const setId = z.number().int().positive()
export const flagNo = z.number().int().min(1).max(8)
/** Free text the user types: C0 controls other than tab/CR/LF are refused. */
export const userText = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(s) && s.isWellFormed(), {
      message: 'contains control characters'
    })
