import { redact, SECRET_PARAMS } from '../service/redact'

/** Field names whose values never reach a log line, besides the protocol's own secret parameters. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(
  [...SECRET_PARAMS, 'token', 'secret', 'authorization', 'cookie'].map((k) => k.toLowerCase())
)
const MASK = '***'
const MAX_DATA_CHARS = 4000

function errorText(e: Error, depth: number): string {
  const code = 'code' in e && typeof e.code === 'string' ? ` ${e.code}` : ''
  const detail =
    'detail' in e && e.detail !== undefined ? ` ${JSON.stringify(mask(e.detail, 0))}` : ''
  const stack = e.stack?.split('\n').slice(1).join('\n') ?? ''
  let text = `${e.name}${code}: ${e.message}${detail}${stack ? `\n${stack}` : ''}`
  if (e.cause !== undefined && depth < 3) {
    text += `\n  caused by ${
      e.cause instanceof Error ? errorText(e.cause, depth + 1) : dataText(e.cause, depth + 1)
    }`
  }
  return text
}

/** A copy of plain data with secret fields masked; cycles and depth are cut, not followed. */
function mask(value: unknown, depth: number, seen = new WeakSet<object>()): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (seen.has(value) || depth > 6) return '[…]'
  seen.add(value)
  if (Array.isArray(value)) return value.map((v) => mask(v, depth + 1, seen))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_FIELDS.has(k.toLowerCase()) ? MASK : mask(v, depth + 1, seen)
  }
  return out
}

function dataText(data: unknown, depth = 0): string {
  if (data instanceof Error) return errorText(data, depth)
  if (typeof data === 'string') return data
  let text: string
  try {
    // JSON has no text for these (stringify returns undefined).
    text = ['undefined', 'function', 'symbol'].includes(typeof data)
      ? String(data)
      : JSON.stringify(mask(data, 0))
  } catch {
    text = String(data)
  }
  return text.length > MAX_DATA_CHARS ? `${text.slice(0, MAX_DATA_CHARS)}…` : text
}

/**
 * One log entry as text, secrets removed: by name (URL and form parameters, XML elements, object
 * fields) and by value for every secret the app has told the log about.
 */
export function formatEntry(message: string, data: unknown, secrets: readonly string[]): string {
  const text = data === undefined ? message : `${message} ${dataText(data)}`
  return redact(text, secrets)
}

/** Text already written, cleaned again against the secrets known now (for diagnostics). */
export function scrub(text: string, secrets: readonly string[]): string {
  return redact(text, secrets)
}
