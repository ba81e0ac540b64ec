import { z } from 'zod'
import { totalBytes } from './file-wire'
import type { FileBytes } from './file-wire'

/**
 * The contract's check of a file's bytes (shared/ipc/file-wire.ts says what they are), and the
 * browser host's reading of an upload's header. Main only: zod stays out of the page.
 */

/** Most bytes one file may carry; each feature sets its own, smaller, limit with its own words. */
const FILE_BYTES_MAX = 24_000_000

/** Parts of one file: the browser host's are 1 MB each, so 24 MB is 24 of them. */
const MAX_PARTS = 64

/** A part: any Uint8Array (Node's Buffer is one). */
const part = z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'not bytes' })

/** No parts is an empty file (the browser host reads an empty body so), told as one by its reader. */
export const fileBytes = z
  .array(part)
  .max(MAX_PARTS)
  .refine((parts) => totalBytes(parts) <= FILE_BYTES_MAX, {
    message: `the file is larger than ${String(FILE_BYTES_MAX / 1_000_000)} MB`
  })
  .readonly()

const headerSchema = z
  .object({ fields: z.record(z.string(), z.unknown()), bytes: z.string().min(1).max(64) })
  .strict()

/**
 * The call's input from an upload's header and body; null when the header is missing or not ours.
 * The contract's schema checks the result as it checks any call's input.
 */
export function fromBytesCall(header: string | undefined, parts: FileBytes): unknown {
  if (header === undefined) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(decodeURIComponent(header))
  } catch {
    return null
  }
  const call = headerSchema.safeParse(parsed)
  if (!call.success) return null
  return { ...call.data.fields, [call.data.bytes]: parts }
}
