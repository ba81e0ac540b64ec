import type { DecodeInput } from './decode-response'
import { textOf } from './transport'

/**
 * An answer whose body is still the bytes read (transport.ts `sendForBytes`). A large one's buffer
 * is handed to the worker (transferred, not copied), which makes its text: the main thread never
 * holds a large answer as a string, which V8 keeps in its large-object space until a full
 * collection (at 20,000 sets 40 such pages of 0.5-1 MB each, issue #25).
 */
type BytesInput = Omit<DecodeInput, 'body'> & { readonly bytes: Uint8Array }

/** What the worker is sent: an answer as text, or as bytes it turns into text itself. */
export type PoolInput = DecodeInput | BytesInput

export function sizeOf(input: PoolInput): number {
  return 'bytes' in input ? input.bytes.byteLength : input.body.length
}

/** The answer as DecodeInput, its bytes made text (refused as bad_xml when they are not UTF-8). */
export function asText(input: PoolInput): DecodeInput {
  if (!('bytes' in input)) return input
  const { bytes, ...rest } = input
  const detail = {
    operation: input.operation,
    service: input.service,
    binding: input.binding,
    status: input.status
  }
  return { ...rest, body: textOf(bytes, detail) }
}
