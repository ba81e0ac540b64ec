import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The v3 half of the production replay: the recorded getSets `sets` array, split into each set's
 * recorded text so the server sends the bytes as recorded, and the selection and paging of a v3
 * getSets request over it (the only v3 bytes not copied from a recording are its wrapper).
 */

const FIXTURES = join(__dirname, '../fixtures/production')

export interface V3Set {
  readonly setID: number
  readonly collection?: { readonly owned?: boolean; readonly wanted?: boolean }
  readonly [key: string]: unknown
}

const V3_RECORDING = join(FIXTURES, 'production-v3/getSets-sets.json')

/** The recorded v3 getSets `sets` array (168 sets of one user's owned collection). */
export function recordedV3Sets(): V3Set[] {
  return JSON.parse(readFileSync(V3_RECORDING, 'utf8')) as V3Set[]
}

/**
 * The spans of a JSON container's direct children in its raw text (`raw[0]` is `[` or `{`); for an
 * object, each span starts at the member's key. Lets the server send recorded bytes as they are
 * (`0.0` stays `0.0`) instead of re-serialising them.
 */
function childSpans(raw: string): [number, number][] {
  const out: [number, number][] = []
  let depth = 0
  let start = -1
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]
    if (c === '"') {
      if (depth === 1 && start < 0) start = i
      for (i++; i < raw.length && raw[i] !== '"'; i++) if (raw[i] === '\\') i++
      continue
    }
    if (c === '[' || c === '{') {
      if (depth === 1 && start < 0) start = i
      depth++
    } else if (c === ']' || c === '}') {
      depth--
      if (depth === 0) {
        if (start >= 0) out.push([start, i])
        break
      }
    } else if (c === ',' && depth === 1) {
      if (start >= 0) out.push([start, i])
      start = -1
    } else if (depth === 1 && start < 0 && c !== undefined && !/\s/.test(c)) start = i
  }
  return out.map(([a, b]) => [a, a + raw.slice(a, b).trimEnd().length])
}

export interface RawSet {
  readonly set: V3Set
  /** The set's recorded text. */
  readonly raw: string
  /** The same with its `collection` member's value as `{}` (no userHash given). */
  readonly anonymous: string
}

export function rawSets(): RawSet[] {
  const text = readFileSync(V3_RECORDING, 'utf8')
  const sets = JSON.parse(text) as V3Set[]
  const spans = childSpans(text.slice(text.indexOf('[')))
  const offset = text.indexOf('[')
  if (spans.length !== sets.length) throw new Error('the v3 recording did not split into its sets')
  return spans.map(([a, b], i) => {
    const raw = text.slice(offset + a, offset + b)
    const member = childSpans(raw).find(([ma]) => raw.startsWith('"collection"', ma))
    let anonymous = raw
    if (member) {
      const [ma, mb] = member
      const colon = raw.indexOf(':', ma)
      anonymous = `${raw.slice(0, colon + 1)} {}${raw.slice(mb)}`
    }
    return { set: sets[i] as V3Set, raw, anonymous }
  })
}

/**
 * v3 getSets over the recorded array: `params` as the request sent it, `hashGiven` when it named a
 * user (the caller has checked the key and the userHash). The recorded sets chosen and paged, in
 * production's wrapper; null when no recording answers the request.
 */
export function v3GetSets(
  sets: readonly RawSet[],
  params: string | undefined,
  hashGiven: boolean
): string | null {
  let q: Record<string, unknown>
  try {
    q = JSON.parse(params ?? '{}') as Record<string, unknown>
  } catch {
    return null
  }
  const on = (k: string): boolean => q[k] === 1 || q[k] === '1' || q[k] === true
  if ((on('owned') || on('wanted')) && !hashGiven) return null
  const known = new Set(['owned', 'wanted', 'setID', 'orderBy', 'pageSize', 'pageNumber'])
  // Anything else (query, theme, updatedSince, …) was never recorded.
  if (Object.keys(q).some((k) => !known.has(k))) return null
  const setIDs = q['setID']
  const ids =
    typeof setIDs === 'number' || typeof setIDs === 'string'
      ? new Set(String(setIDs).split(',').map(Number))
      : null
  const chosen = sets.filter(
    ({ set }) =>
      (!on('owned') || set.collection?.owned === true) &&
      (!on('wanted') || set.collection?.wanted === true) &&
      (ids === null || ids.has(set.setID))
  )
  const size = Math.min(500, Math.max(1, Number(q['pageSize'] ?? 20) || 20))
  const number = Math.max(1, Number(q['pageNumber'] ?? 1) || 1)
  const page = chosen
    .slice((number - 1) * size, number * size)
    .map((s) => (hashGiven ? s.raw : s.anonymous))
  return `{"status":"success","matches":${String(chosen.length)},"sets":[${page.join(',')}]}`
}
