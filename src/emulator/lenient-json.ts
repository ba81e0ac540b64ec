/**
 * The v3 `params` text: JSON, also with unquoted keys and single-quoted strings (docs/protocol.md §5).
 * Returns undefined for anything it cannot read; depth and size are bounded by the 1 MiB body cap
 * and an explicit nesting limit.
 */

export type Json = string | number | boolean | null | Json[] | { [k: string]: Json }

const MAX_DEPTH = 32

export function parseLenientJson(src: string): Json | undefined {
  let i = 0
  const ws = (): void => {
    while (i < src.length && /\s/.test(src[i] ?? '')) i++
  }
  const fail = (): never => {
    throw new SyntaxError('bad params')
  }
  const str = (): string => {
    const q = src[i]
    i++
    let out = ''
    while (i < src.length && src[i] !== q) {
      if (src[i] === '\\') {
        const c = src[i + 1] ?? fail()
        i += 2
        if (c === 'u') {
          const hex = src.slice(i, i + 4)
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail()
          out += String.fromCharCode(parseInt(hex, 16))
          i += 4
        } else
          out += ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[c] ?? c
      } else out += src[i++] ?? ''
    }
    if (src[i] !== q) fail()
    i++
    return out
  }
  const word = (): string => {
    const m = /^[A-Za-z0-9_$.+-]+/.exec(src.slice(i))
    if (!m) return fail()
    i += m[0].length
    return m[0]
  }
  /** The members of an object or array, its opening mark read: each read by `item`, up to `close`. */
  const members = (close: string, item: () => void): void => {
    ws()
    if (src[i] === close) {
      i++
      return
    }
    for (;;) {
      item()
      ws()
      if (src[i] === ',') i++
      else if (src[i++] === close) return
      else fail()
    }
  }
  const value = (depth: number): Json => {
    if (depth > MAX_DEPTH) fail()
    ws()
    const c = src[i]
    if (c === '{') {
      i++
      const obj: { [k: string]: Json } = Object.create(null) as { [k: string]: Json }
      members('}', () => {
        ws()
        const k = src[i] === '"' || src[i] === "'" ? str() : word()
        ws()
        if (src[i++] !== ':') fail()
        obj[k] = value(depth + 1)
      })
      return obj
    }
    if (c === '[') {
      i++
      const arr: Json[] = []
      members(']', () => {
        arr.push(value(depth + 1))
      })
      return arr
    }
    if (c === '"' || c === "'") return str()
    const w = word()
    if (w === 'true') return true
    if (w === 'false') return false
    if (w === 'null') return null
    if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(w)) return Number(w)
    return w
  }
  try {
    const v = value(0)
    ws()
    return i === src.length ? v : undefined
  } catch {
    return undefined
  }
}

/** A params object's field as text (numbers and booleans as the client may send either). */
export function field(obj: Readonly<Record<string, Json>>, key: string): string | undefined {
  const lower = key.toLowerCase()
  const k = Object.keys(obj).find((x) => x.toLowerCase() === lower)
  if (k === undefined) return undefined
  const v = obj[k]
  if (typeof v === 'string') return v
  if (typeof v === 'number') return String(v)
  if (typeof v === 'boolean') return v ? '1' : '0'
  return undefined
}

export function isObject(v: Json | undefined): v is { [k: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
