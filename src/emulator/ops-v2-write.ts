import type { CatalogueSet } from './catalogue'
import { parseServiceDate } from '../shared/model/service-date'
import {
  applyOwned,
  applyQty,
  followQuantity,
  isBit,
  MAX_QTY,
  noteProblem
} from './collection-rules'
import type { Args, Call } from './context'
import { userByHash, validKey } from './context'
import { isKnownMinifig } from './minifigs'
import type { Handler } from './ops-v2-read'
import type { OpResult } from './results'
import { INVALID_HASH, INVALIDKEY, OK, text } from './results'
import type { CollectionEntry, CopyDetail, UserData } from './state'
import { emptyEntry, isEmptyEntry } from './state'

/** v2 writes and account operations; results are the in-band strings of docs/protocol.md §4. */

function withSet(
  fn: (
    call: Call,
    a: Args,
    user: UserData,
    set: CatalogueSet,
    e: CollectionEntry
  ) => OpResult | null
): Handler {
  return (call, a) => {
    if (!validKey(call, a.str('apiKey'))) return INVALIDKEY
    const user = userByHash(call, a.str('userHash'))
    if (!user) return INVALID_HASH
    const set = call.state.cat.byID.get(a.int('setID'))
    if (!set) return text('ERROR: invalid setID')
    const e = { ...(user.sets.get(set.setID) ?? emptyEntry()) }
    e.flags = [...e.flags]
    const qtyBefore = e.qtyOwned
    const refused = fn(call, a, user, set, e)
    if (refused) return refused
    followQuantity(call.state, user, set.setID, qtyBefore, e.qtyOwned)
    if (isEmptyEntry(e)) user.sets.delete(set.setID)
    else user.sets.set(set.setID, e)
    call.state.changed({ kind: 'user', user })
    return OK
  }
}

const qtyProblem = (q: number): OpResult | null =>
  q < 0 || q > MAX_QTY ? text('ERROR: invalid quantity') : null
const bitProblem = (name: string, v: number): OpResult | null =>
  isBit(v) ? null : text(`ERROR: ${name} not 0 or 1`)

export const V2_WRITES = {
  setCollection: withSet((_c, a, _u, _s, e) => {
    const qty = a.int('qtyOwned')
    const refused = qtyProblem(qty) ?? bitProblem('wanted', a.int('wanted'))
    if (refused) return refused
    applyQty(e, qty)
    e.wanted = a.int('wanted') === 1
    return null
  }),
  setCollection_owns: withSet((_c, a, _u, _s, e) => {
    const refused = bitProblem('owned', a.int('owned'))
    if (refused) return refused
    applyOwned(e, a.int('owned') === 1)
    return null
  }),
  setCollection_wants: withSet((_c, a, _u, _s, e) => {
    const refused = bitProblem('wanted', a.int('wanted'))
    if (refused) return refused
    e.wanted = a.int('wanted') === 1
    return null
  }),
  setCollection_qtyOwned: withSet((_c, a, _u, _s, e) => {
    const refused = qtyProblem(a.int('qtyOwned'))
    if (refused) return refused
    applyQty(e, a.int('qtyOwned'))
    return null
  }),
  setCollection_userNotes: withSet((_c, a, _u, _s, e) => {
    const problem = noteProblem(a.str('notes'))
    if (problem !== null) return text(problem)
    e.notes = a.str('notes')
    return null
  }),
  setUserRating: withSet((_c, a, _u, _s, e) => {
    const r = a.int('rating')
    if (r < 0 || r > 5) return text('ERROR: rating not 0 to 5')
    e.rating = r
    return null
  }),
  setMinifigCollection: (call, a) => {
    if (!validKey(call, a.str('apiKey'))) return INVALIDKEY
    const user = userByHash(call, a.str('userHash'))
    if (!user) return INVALID_HASH
    const num = a.str('minifigNumber').trim().toLowerCase()
    if (!isKnownMinifig(call.state, num)) return text('ERROR: invalid minifigNumber')
    const refused = qtyProblem(a.int('qtyOwned')) ?? bitProblem('wanted', a.int('wanted'))
    if (refused) return refused
    const m = {
      notes: '',
      ...user.minifigs.get(num),
      loose: a.int('qtyOwned'),
      wanted: a.int('wanted') === 1
    }
    if (m.loose === 0 && !m.wanted && m.notes === '') user.minifigs.delete(num)
    else user.minifigs.set(num, m)
    call.state.changed({ kind: 'user', user })
    return OK
  },
  login: (call, a) => {
    if (!validKey(call, a.str('apiKey'))) return INVALIDKEY
    const user = call.state.users.get(a.str('username').toLowerCase())
    return user && user.user.password === a.str('password')
      ? text(user.user.userHash)
      : text('ERROR: invalid username and/or password')
  },
  checkKey: (call, a) => (validKey(call, a.str('apiKey')) ? OK : INVALIDKEY),
  checkUserHash: (call, a) => text(userByHash(call, a.str('userHash'))?.user.username ?? 'INVALID'),
  setCollectionDetail: (call, a) => {
    if (!validKey(call, a.str('apiKey'))) return INVALIDKEY
    const user = userByHash(call, a.str('userHash'))
    if (!user) return INVALID_HASH
    const d = a.record('detail')
    if (!d) return text('ERROR: no detail')
    return writeCopy(call, user, d)
  }
} satisfies Readonly<Record<string, Handler>>

const num = (v: string | undefined): number | null => {
  const t = (v ?? '').trim()
  if (t === '') return 0
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : null
}
const bool = (v: string | undefined): boolean | null => {
  const t = (v ?? '').trim()
  return t === 'true' || t === '1' ? true : t === 'false' || t === '0' || t === '' ? false : null
}

/**
 * The record names no set, so collectionID is a copy's only identity (docs/protocol.md §2): an existing
 * id is replaced, or removed with `deleted` true; an unknown id (or 0) is refused. New records come
 * from raising the set's quantity (followQuantity), never from here.
 */
function writeCopy(call: Call, user: UserData, d: Readonly<Record<string, string>>): OpResult {
  const id = num(d['collectionID'])
  const existing = id === null ? undefined : user.copies.get(id)
  if (!existing) return text('ERROR: invalid collectionID')
  if (bool(d['deleted']) === true) {
    user.copies.delete(existing.collectionID)
    call.state.changed({ kind: 'user', user })
    return OK
  }
  const money = ['pricePaid', 'additionalPricePaid', 'currentEstimatedValue'].map((k) => num(d[k]))
  const flags = ['parts', 'minifigs', 'instructions', 'box', 'willTrade', 'modified'].map((k) =>
    bool(d[k])
  )
  if (money.some((m) => m === null) || flags.some((f) => f === null))
    return text('ERROR: invalid detail value')
  const notes = d['notes'] ?? ''
  const problem = noteProblem(notes)
  if (problem !== null) return text(problem)
  // Stored as sent: production hands back its own text (21-08-18), and so does this service.
  const date = (d['dateAcquired'] ?? '').trim()
  if (date !== '' && parseServiceDate(date) === null) return text('ERROR: invalid dateAcquired')
  const copy: CopyDetail = {
    collectionID: existing.collectionID,
    setID: existing.setID,
    dateAcquired: date,
    currency: d['currency'] ?? '',
    pricePaid: money[0] ?? 0,
    additionalPricePaid: money[1] ?? 0,
    currentEstimatedValue: money[2] ?? 0,
    conditionWhenAcquired: d['conditionWhenAcquired'] ?? '',
    acquiredFrom: d['acquiredFrom'] ?? '',
    conditionNow: d['conditionNow'] ?? '',
    location: d['location'] ?? '',
    notes,
    parts: flags[0] ?? false,
    minifigs: flags[1] ?? false,
    instructions: flags[2] ?? false,
    box: flags[3] ?? false,
    willTrade: flags[4] ?? false,
    modified: flags[5] ?? false
  }
  user.copies.set(copy.collectionID, copy)
  call.state.changed({ kind: 'user', user })
  return OK
}
