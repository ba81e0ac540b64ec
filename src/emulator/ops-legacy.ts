import { setsOfTheme, themeOf } from './catalogue'
import { applyOwned, applyQty, isBit, MAX_QTY, noteProblem } from './collection-rules'
import type { Args, Call } from './context'
import { userByHash, userByName, validKey } from './context'
import type { Handler } from './ops-v2-read'
import { subthemeRows } from './ops-v2-read'
import type { OpResult } from './results'
import { EMPTY, list, text } from './results'
import { parsePositive, searchQuery, searchSets } from './search'
import type { SetQuery } from './search'
import { groupSets, setDataRecord } from './set-records'
import type { CollectionEntry, UserData } from './state'
import { emptyEntry, isEmptyEntry } from './state'

/** The earlier service (the service interface, docs/protocol.md §7). */

const NUMBER_OF_RECORDS_DEFAULT = 20

function setList(call: Call, q: SetQuery, user: UserData | null): OpResult {
  return list(searchSets(call.state, q).page.map((s) => setDataRecord(call, s, user)))
}

/** sinceDate as `yyyy-MM-dd`, or `MM/dd/yy` as older clients send it. */
function parseSince(text: string): number | null {
  const t = text.trim()
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t)
  if (m) return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec(t)
  if (m) return Date.UTC(2000 + Number(m[3]), Number(m[1]) - 1, Number(m[2]))
  return null
}

function update(change: (e: CollectionEntry, a: Args) => boolean): Handler {
  return (call, a) => {
    const user = userByHash(call, a.str('userHash'))
    const set = call.state.cat.byID.get(a.int('setID'))
    const fail: OpResult = { kind: 'int', value: 0 }
    if (!user || !set) return fail
    const e = { ...(user.sets.get(set.setID) ?? emptyEntry()) }
    e.flags = [...e.flags]
    if (!change(e, a)) return fail
    if (isEmptyEntry(e)) user.sets.delete(set.setID)
    else user.sets.set(set.setID, e)
    call.state.changed({ kind: 'user', user })
    return { kind: 'int', value: 1 }
  }
}

export const LEGACY_OPS = {
  search2: (call, a) => {
    if (!validKey(call, a.str('apiKey'))) return EMPTY
    const user = userByName(call, a.str('userName'))
    const q = searchQuery(a, user, 'owned', 'wanted')
    // A userName alone means "search that user's collection" (docs/protocol.md §7).
    if (user && !q.owned && !q.wanted) q.setIDs = [...user.sets.keys()].sort((x, y) => x - y)
    if (a.str('userName') !== '' && !user) return EMPTY
    q.orderBy = a.str('orderBy')
    q.pageSize =
      parsePositive(a.str('numberOfRecords'), NUMBER_OF_RECORDS_DEFAULT) ??
      NUMBER_OF_RECORDS_DEFAULT
    return setList(call, q, user)
  },
  search: (call, a) => {
    if (!validKey(call, a.str('apiKey'))) return EMPTY
    const user = userByHash(call, a.str('userHash'))
    const q = searchQuery(a, user, 'Owned', 'Wanted')
    q.pageSize = NUMBER_OF_RECORDS_DEFAULT
    return setList(call, q, user)
  },
  searchBySetID: (call, a) => {
    const t = a.str('SetID').trim()
    const set = /^\d+$/.test(t) ? call.state.cat.byID.get(Number(t)) : undefined
    return set ? list([setDataRecord(call, set, null)]) : EMPTY
  },
  updatedSince: (call, a) => {
    if (!validKey(call, a.str('apiKey'))) return EMPTY
    const since = parseSince(a.str('sinceDate'))
    if (since === null) return EMPTY
    const hits = call.state.cat.sets.filter((s) => s.lastUpdated >= since)
    return list(hits.map((s) => setDataRecord(call, s, null)))
  },
  login: (call, a) => {
    const user = call.state.users.get(a.str('u').toLowerCase())
    return text(user && user.user.password === a.str('p') ? user.user.userHash : '')
  },
  updateOwn: update((e, a) => isBit(a.int('own')) && (applyOwned(e, a.int('own') === 1), true)),
  updateWant: update((e, a) => isBit(a.int('want')) && ((e.wanted = a.int('want') === 1), true)),
  updateUserNotes: update(
    (e, a) => noteProblem(a.str('notes')) === null && ((e.notes = a.str('notes')), true)
  ),
  updateQtyOwned: update(
    (e, a) => a.int('qty') >= 0 && a.int('qty') <= MAX_QTY && (applyQty(e, a.int('qty')), true)
  ),
  listThemes: (call) =>
    list(
      groupSets(call.state, call.state.cat.sets, (s) => themeOf(call.state.cat, s).name).map(
        (g) => ({ theme: g.theme, setCount: g.setCount })
      )
    ),
  listSubthemes: (call, a) =>
    subthemeRows(call, setsOfTheme(call.state.cat, a.str('theme')), a.str('theme'))
} satisfies Readonly<Record<string, Handler>>
