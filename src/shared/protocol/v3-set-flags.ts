import { z } from 'zod'

/**
 * A v3 getSets record's `collection.flags` (docs/protocol.md §5). None of the 168 recorded
 * production sets carries it, so its shape is [unknown]: the list of `{flagNo, value}` the reference
 * service writes is read, and anything else, or nothing, says "not known". A value that is not known
 * never refuses its record or its page, never clears a flag the user set, and never holds a flag
 * write back: the write's own answer confirms it then.
 */

/** The user's eight flags as a bit mask (bit n-1 is flag n), or null when the answer did not tell. */
export type FlagMask = number | null

const FLAG_COUNT = 8

/** Production's pageSize limit (docs/protocol.md §5), as v3-sets.ts checks it. */
const MAX_PAGE_SIZE = 500

const flagList = z
  .array(z.object({ flagNo: z.number().int().min(1).max(FLAG_COUNT), value: z.boolean() }))
  .length(FLAG_COUNT)

/**
 * The flags a record's `flags` value tells. Only a list naming each of the eight flags once is read:
 * a shorter list might list only the flags that are on, or only some, and no reading of it is
 * certain.
 */
function flagMaskOf(raw: unknown): FlagMask {
  const r = flagList.safeParse(raw)
  if (!r.success) return null
  let mask = 0
  let named = 0
  for (const f of r.data) {
    const bit = 1 << (f.flagNo - 1)
    if ((named & bit) !== 0) return null
    named |= bit
    if (f.value) mask |= bit
  }
  return mask
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * What each record's `collection.flags` tells, by setID (null when two records of one setID
 * disagree). The page's schema never reads the value: its object schemas read only the keys they
 * name, and `collection` names no `flags` (v3-sets.ts), so no shape of it can refuse a record. The
 * records are read where they lie: copying each one to take its flags out cost two object copies
 * a set of a signed-in page, on the thread that writes the catalogue (issue 25).
 */
export function flagsOfPage(value: unknown): ReadonlyMap<number, FlagMask> {
  const flags = new Map<number, FlagMask>()
  if (!isObj(value) || !Array.isArray(value['sets'])) return flags
  const raw = value['sets'] as unknown[]
  // A page longer than any page asked for is refused whole by the page check before its records
  // cost anything; its flags are not read first.
  if (raw.length > MAX_PAGE_SIZE) return flags
  for (const s of raw) {
    if (!isObj(s)) continue
    const c = s['collection']
    const id = s['setID']
    const known = isObj(c) && 'flags' in c ? flagMaskOf(c['flags']) : null
    // A setID given twice with different flags: which record is kept is the page check's call,
    // so neither is believed.
    if (typeof id === 'number')
      flags.set(id, flags.has(id) && flags.get(id) !== known ? null : known)
  }
  return flags
}
