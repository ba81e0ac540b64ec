import { decodeResponse } from './decode-response'
import type { DecodeInput } from './decode-response'
import { parseWsdl } from './discovery'
import { textOf } from './transport'

/**
 * An answer whose body is still the bytes read (transport.ts `sendForBytes`). A large one's buffer
 * is handed to the worker (transferred, not copied), which makes its text: the main thread never
 * holds a large answer as a string, which V8 keeps in its large-object space until a full
 * collection (at 20,000 sets 40 such pages of 0.5-1 MB each, issue #25).
 */
type BytesInput = Omit<DecodeInput, 'body'> & { readonly bytes: Uint8Array }

/**
 * What the worker is sent: an answer as text, or as bytes it turns into text itself. `reading`:
 * an operation's answer (the default), or a service's description (its ?WSDL, 60-110 kB of XML
 * whose parse held the main thread for tens of ms as a connect began).
 */
export type PoolInput = (DecodeInput | BytesInput) & { readonly reading?: 'description' }

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

/** What the input says: a decoded answer (decode-response.ts) or a service description. */
export function readInput(input: PoolInput): unknown {
  const text = asText(input)
  return input.reading === 'description' ? parseWsdl(text.body) : decodeResponse(text)
}
