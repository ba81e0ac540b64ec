import { consumeAllowance } from './allowance'
import { fullNumber } from './catalogue'
import {
  applyOwned,
  applyQty,
  followQuantity,
  MAX_LABEL,
  MAX_QTY,
  noteProblem
} from './collection-rules'
import type { Args, Call } from './context'
import { userByHash, validKey } from './context'
import type { Json } from './lenient-json'
import { field, isObject, parseLenientJson } from './lenient-json'
import { catalogueFigures, filterMinifigs, isKnownMinifig, userMinifigs } from './minifigs'
import type { Handler } from './ops-v2-read'
import { V3_ACCOUNT_OPS } from './ops-v3-account'
import { V3_CATALOGUE_OPS } from './ops-v3-catalogue'
import type { OpResult } from './results'
import { commaList, emptyQuery, PAGE_SIZE_DEFAULT, parsePositive, searchSets } from './search'
import { instructionLinks, setReviews } from './set-details'
import { setRecordV3 } from './set-records-v3'
import type { UserData } from './state'
import { emptyEntry, FLAG_COUNT, isEmptyEntry } from './state'

/** v3: JSON over HTTP GET/POST (docs/protocol.md §5); SOAP gets the empty response element. */

const json = (body: unknown): OpResult => ({ kind: 'json', body })
const fail = (message: string): OpResult => json({ status: 'error', message })
const KEYS = {
  setCollection: [
    'own',
    'want',
    'qtyOwned',
    'notes',
    'rating',
    ...Array.from({ length: FLAG_COUNT }, (_, i) => `flag${i + 1}`)
  ],
  setMinifigCollection: ['own', 'want', 'qtyOwned', 'notes'],
  getSets: [
    'setID',
    'query',
    'theme',
    'subtheme',
    'setNumber',
    'year',
    'owned',
    'wanted',
    'updatedSince',
    'orderBy',
    'pageSize',
    'pageNumber'
  ],
  getMinifigCollection: ['owned', 'wanted', 'query'],
  getMinifigs: ['query', 'setID', 'minifigNumber', 'pageSize', 'pageNumber']
}

type Params = Readonly<Record<string, Json>>
type V3 = (call: Call, a: Args, user: UserData | null, p: Params) => OpResult

/** Key, then user (when the operation takes one), then params: the first failure is the answer. */
function v3(
  opts: { user: boolean; params?: string; keys?: readonly string[]; write?: boolean },
  fn: V3
): Handler {
  return (call, a) => {
    if (!validKey(call, a.str('apiKey'))) return fail('Invalid API key')
    const user = opts.user ? userByHash(call, a.str('userHash')) : null
    if (opts.user && !user) return fail('Invalid user hash')
    let p: Params = {}
    if (opts.params !== undefined) {
      const raw = a.str(opts.params).trim()
      if (raw === '' && opts.write === true) return fail('No valid parameters')
      const parsed = raw === '' ? {} : parseLenientJson(raw)
      if (!isObject(parsed)) return fail('Parameter error')
      p = parsed
      const known = opts.keys
      if (
        known &&
        Object.keys(p).length > 0 &&
        !Object.keys(p).some((k) => known.some((x) => x.toLowerCase() === k.toLowerCase()))
      ) {
        return fail('No valid parameters')
      }
    }
    return fn(call, a, user, p)
  }
}

const bit = (v: string | undefined): boolean | null | undefined =>
  v === undefined ? undefined : v.trim() === '1' ? true : v.trim() === '0' ? false : null
const intIn = (v: string | undefined, max: number): number | null | undefined =>
  v === undefined ? undefined : /^\s*\d+\s*$/.test(v) && Number(v) <= max ? Number(v) : null

const setCollection: V3 = (call, a, user, p) => {
  const u = user as UserData
  const set = call.state.cat.byID.get(a.int('SetID'))
  if (!set) return fail('Parameter error')
  const e = { ...(u.sets.get(set.setID) ?? emptyEntry()) }
  e.flags = [...e.flags]
  const own = bit(field(p, 'own'))
  const want = bit(field(p, 'want'))
  const qty = intIn(field(p, 'qtyOwned'), MAX_QTY)
  const rating = intIn(field(p, 'rating'), 5)
  const notes = field(p, 'notes')
  const flags = e.flags.map((_, i) => bit(field(p, `flag${i + 1}`)))
  if ([own, want, qty, rating, ...flags].some((v) => v === null)) return fail('Parameter error')
  if (notes !== undefined && noteProblem(notes) !== null) return fail('Parameter error')
  if (own != null) applyOwned(e, own)
  if (qty != null) applyQty(e, qty)
  if (want != null) e.wanted = want
  if (rating != null) e.rating = rating
  // An empty string leaves the notes alone and a single space clears them (docs/protocol.md §5).
  if (notes !== undefined && notes !== '') e.notes = notes === ' ' ? '' : notes
  flags.forEach((f, i) => {
    if (f != null) e.flags[i] = f
  })
  followQuantity(call.state, u, set.setID, u.sets.get(set.setID)?.qtyOwned ?? 0, e.qtyOwned)
  if (isEmptyEntry(e)) u.sets.delete(set.setID)
  else u.sets.set(set.setID, e)
  call.state.changed({ kind: 'user', user: u })
  return json({ status: 'success' })
}

const setMinifigCollection: V3 = (call, a, user, p) => {
  const u = user as UserData
  const num = a.str('minifigNumber').trim().toLowerCase()
  if (!isKnownMinifig(call.state, num)) return fail('Parameter error')
  const own = bit(field(p, 'own'))
  const want = bit(field(p, 'want'))
  const qty = intIn(field(p, 'qtyOwned'), MAX_QTY)
  const notes = field(p, 'notes')
  if (
    [own, want, qty].some((v) => v === null) ||
    (notes !== undefined && noteProblem(notes) !== null)
  )
    return fail('Parameter error')
  const m = { loose: 0, wanted: false, notes: '', ...u.minifigs.get(num) }
  if (own === false) m.loose = 0
  if (own === true && m.loose === 0) m.loose = 1
  if (qty != null) m.loose = qty
  if (want != null) m.wanted = want
  if (notes !== undefined && notes !== '') m.notes = notes === ' ' ? '' : notes
  if (m.loose === 0 && !m.wanted && m.notes === '') u.minifigs.delete(num)
  else u.minifigs.set(num, m)
  call.state.changed({ kind: 'user', user: u })
  return json({ status: 'success' })
}

const getSets: V3 = (call, a, _user, p) => {
  const key = a.str('apiKey')
  const hash = a.str('userHash')
  const user = userByHash(call, hash)
  if (hash !== '' && !user) return fail('Invalid user hash')
  // Empty params ask for nothing; the whole catalogue is never the answer (docs/protocol.md §5).
  if (Object.keys(p).length === 0) return fail('No valid parameters')
  if (!consumeAllowance(call, key)) return fail('API limit exceeded')
  const q = emptyQuery()
  const list = (k: string): string[] => commaList(field(p, k) ?? '')
  q.query = field(p, 'query') ?? ''
  q.themes = list('theme')
  q.subthemes = list('subtheme')
  q.setNumbers = list('setNumber')
  q.years = list('year')
  const ids = list('setID')
  if (ids.some((x) => !/^\d+$/.test(x))) return fail('Parameter error')
  q.setIDs = ids.map(Number)
  q.owned = field(p, 'owned') === '1'
  q.wanted = field(p, 'wanted') === '1'
  if ((q.owned || q.wanted) && !user) return fail('Invalid user hash')
  q.user = user
  const since = field(p, 'updatedSince')
  if (since !== undefined) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(since.trim())
    if (!m) return fail('Parameter error')
    q.updatedSince = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  }
  q.orderBy = field(p, 'orderBy') ?? ''
  const size = parsePositive(field(p, 'pageSize') ?? '', PAGE_SIZE_DEFAULT)
  const page = parsePositive(field(p, 'pageNumber') ?? '', 1)
  if (size === null || page === null) return fail('Parameter error')
  q.pageSize = size
  q.pageNumber = page
  const r = searchSets(call.state, q)
  return json({
    status: 'success',
    matches: r.total,
    sets: r.page.map((s) => setRecordV3(call, s, user))
  })
}

/**
 * The catalogue's figures, each with the sets it comes in and its pictures (docs/protocol.md §5b):
 * filtered by words of the number or name, by a set, or by one number; paged like getSets.
 */
const getMinifigs: V3 = (call, _a, _user, p) => {
  const query = (field(p, 'query') ?? '').trim().toLowerCase()
  const setText = field(p, 'setID')
  if (setText !== undefined && !/^\s*\d+\s*$/.test(setText)) return fail('Parameter error')
  const setID = setText === undefined ? null : Number(setText)
  const number = field(p, 'minifigNumber')?.trim().toLowerCase()
  const size = parsePositive(field(p, 'pageSize') ?? '', PAGE_SIZE_DEFAULT)
  const page = parsePositive(field(p, 'pageNumber') ?? '', 1)
  if (size === null || page === null) return fail('Parameter error')
  const figures = catalogueFigures(call.state)
  const matching: number[] = []
  for (let i = 0; i < figures.count; i++) {
    if (number !== undefined && figures.number(i) !== number) continue
    if (setID !== null && !figures.hasSet(i, setID)) continue
    if (query !== '') {
      const num = figures.number(i)
      if (!num.includes(query) && !figures.name(i).toLowerCase().includes(query)) continue
    }
    matching.push(i)
  }
  const pageSize = Math.min(size, 500)
  const rows = matching.slice((page - 1) * pageSize, page * pageSize)
  return json({
    status: 'success',
    matches: matching.length,
    minifigs: rows.map((i) => {
      const num = figures.number(i)
      return {
        minifigNumber: num,
        name: figures.name(i),
        category: figures.category(i),
        image: {
          thumbnailURL: `${call.origin}/images/minifigs/thumbs/${num}.svg`,
          imageURL: `${call.origin}/images/minifigs/${num}.svg`
        },
        sets: figures.sets(i)
      }
    })
  })
}

export const V3_OPS = {
  ...V3_ACCOUNT_OPS,
  ...V3_CATALOGUE_OPS,
  getReviews: v3({ user: false }, (call, a) => {
    const set = call.state.cat.byID.get(a.int('setID'))
    const reviews = set ? setReviews(call.state.cat, set) : []
    return json({
      status: 'success',
      matches: reviews.length,
      // v3 nests the ratings (0 = not given) and writes times in UTC with a Z (docs/protocol.md §5).
      reviews: reviews.map((r) => ({
        author: r.author,
        datePosted: r.datePosted.toISOString(),
        rating: {
          overall: r.overallRating,
          parts: r.parts,
          buildingExperience: r.buildingExperience,
          playability: r.playability,
          valueForMoney: r.valueForMoney
        },
        title: r.title,
        review: r.review,
        HTML: r.HTML
      }))
    })
  }),
  getInstructions2: v3({ user: false }, (call, a) => {
    const wanted = a.str('setNumber').trim().toLowerCase()
    const set = call.state.cat.sets.find((s) => fullNumber(s) === wanted)
    const items = set
      ? instructionLinks(set).map((i) => ({ URL: call.origin + i.URL, description: i.description }))
      : []
    return json({ status: 'success', matches: items.length, instructions: items })
  }),
  getMinifigCollection: v3(
    { user: true, params: 'Params', keys: KEYS.getMinifigCollection },
    (call, _a, user, p) => {
      const owned = field(p, 'owned') === '1'
      const wanted = field(p, 'wanted') === '1'
      // Production lists nothing by default: empty Params (or a query alone) is refused.
      if (!owned && !wanted) return fail('No valid parameters')
      const rows = filterMinifigs(
        userMinifigs(call.state, user as UserData),
        field(p, 'query') ?? '',
        owned,
        wanted
      )
      return json({
        status: 'success',
        matches: rows.length,
        minifigs: rows.map(({ notes: _n, ...m }) => m)
      })
    }
  ),
  setMinifigCollection: v3(
    { user: true, params: 'params', keys: KEYS.setMinifigCollection, write: true },
    setMinifigCollection
  ),
  setCollection: v3(
    { user: true, params: 'params', keys: KEYS.setCollection, write: true },
    setCollection
  ),
  getUserFlagLabels: v3({ user: true }, (_call, _a, user) =>
    json({
      status: 'success',
      flags: (user as UserData).flagLabels.map((label, i) => ({ flagNo: i + 1, label }))
    })
  ),
  setUserFlagLabels: v3({ user: true, params: 'params', write: true }, (call, _a, user, p) => {
    const u = user as UserData
    const labels = [...u.flagLabels]
    let any = false
    for (const [k, v] of Object.entries(p)) {
      const n = /^[1-8]$/.test(k) ? Number(k) : 0
      if (n === 0) continue
      if (typeof v !== 'string' || v.length > MAX_LABEL || noteProblem(v) !== null)
        return fail('Parameter error')
      labels[n - 1] = v
      any = true
    }
    if (!any) return fail('No valid parameters')
    u.flagLabels = labels
    call.state.changed({ kind: 'user', user: u })
    return json({ status: 'success' })
  }),
  getSets: v3({ user: false, params: 'params', keys: KEYS.getSets }, getSets),
  getMinifigs: v3({ user: false, params: 'params', keys: KEYS.getMinifigs }, getMinifigs)
} satisfies Readonly<Record<string, Handler>>
