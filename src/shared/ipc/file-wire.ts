/**
 * The file-carrying side of the contract that the renderer loads as well as main: no zod here (a
 * schema parsed in the page tries `new Function`, which its CSP reports as a violation).
 */

/**
 * A chosen file's bytes as the contract carries them: a list of parts, in order, each a
 * Uint8Array. Never text: base64 in JSON made the browser host join, parse and copy 24 MB of text
 * on its main thread (170-256 ms for a 17 MB file, docs/benchmarks.md, 2026-11-27, 23:55 UTC).
 *
 * Electron's IPC clones typed arrays as they are, so the renderer sends one part. The browser host
 * gathers the request body in parts of 1 MB as it arrives (hosts/web-send.ts readParts) and hands
 * them on without ever joining them here.
 */
export type FileBytes = readonly Uint8Array[]

export const totalBytes = (parts: FileBytes): number =>
  parts.reduce((n, part) => n + part.byteLength, 0)

/**
 * The browser host's wire for a call that carries a file: the body is the file's bytes
 * (`application/octet-stream`), and this header holds the call's other fields and the name of the
 * field the bytes fill, as URI-encoded JSON.
 */
export const BYTES_HEADER = 'x-studbook-fields'
export const BYTES_TYPE = 'application/octet-stream'

interface BytesCall {
  /** The header's value. */
  readonly header: string
  /** Views of memory of their own (not shared between threads), as a Blob or a body takes. */
  readonly parts: readonly Uint8Array<ArrayBuffer>[]
}

const isParts = (v: unknown): v is readonly Uint8Array<ArrayBuffer>[] =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every((p) => p instanceof Uint8Array && p.buffer instanceof ArrayBuffer)

/** The call as a file upload, when one of its top-level fields is a file; null otherwise. */
export function asBytesCall(input: unknown): BytesCall | null {
  if (typeof input !== 'object' || input === null) return null
  const fields: Record<string, unknown> = {}
  let file: { key: string; parts: readonly Uint8Array<ArrayBuffer>[] } | null = null
  for (const [key, value] of Object.entries(input)) {
    if (file === null && isParts(value)) file = { key, parts: value }
    else fields[key] = value
  }
  if (file === null) return null
  return {
    header: encodeURIComponent(JSON.stringify({ fields, bytes: file.key })),
    parts: file.parts
  }
}
