import type { ServiceState } from './context'
import { buildFigureIndex } from './figure-index'
import type { FigureIndex } from './figure-index'
import { minifigName, setMinifigs } from './set-details'
import type { UserData } from './state'

/** A user's minifigures: in owned sets (× quantity), loose, wanted (the service interface). */
interface MinifigRow {
  minifigNumber: string
  name: string
  category: string
  ownedInSets: number
  ownedLoose: number
  ownedTotal: number
  wanted: boolean
  notes: string
}

export function userMinifigs(state: ServiceState, user: UserData): MinifigRow[] {
  const rows = new Map<string, MinifigRow>()
  const row = (num: string, category: string): MinifigRow => {
    let r = rows.get(num)
    if (!r) {
      r = {
        minifigNumber: num,
        name: minifigName(state.cat, num),
        category,
        ownedInSets: 0,
        ownedLoose: 0,
        ownedTotal: 0,
        wanted: false,
        notes: ''
      }
      rows.set(num, r)
    }
    return r
  }
  for (const [setID, e] of user.sets) {
    if (!e.owned || e.qtyOwned === 0) continue
    const set = state.cat.byID.get(setID)
    if (!set) continue
    const category = state.cat.themes[set.theme]?.name ?? ''
    for (const num of setMinifigs(state.cat, set)) row(num, category).ownedInSets += e.qtyOwned
  }
  for (const [num, m] of user.minifigs) {
    const theme = state.cat.themes.find((t) => num.startsWith(t.figCode))
    const r = row(num, theme?.name ?? '')
    r.ownedLoose = m.loose
    r.wanted = m.wanted
    r.notes = m.notes
  }
  const out = [...rows.values()].filter(
    (r) => r.ownedInSets + r.ownedLoose > 0 || r.wanted || r.notes !== ''
  )
  for (const r of out) r.ownedTotal = r.ownedInSets + r.ownedLoose
  return out.sort((a, b) => a.minifigNumber.localeCompare(b.minifigNumber))
}

export function filterMinifigs(
  rows: readonly MinifigRow[],
  query: string,
  owned: boolean,
  wanted: boolean
): MinifigRow[] {
  const q = query.trim().toLowerCase()
  return rows.filter(
    (r) =>
      (!owned || r.ownedTotal > 0) &&
      (!wanted || r.wanted) &&
      (q === '' || r.minifigNumber.includes(q) || r.name.toLowerCase().includes(q))
  )
}

/** Every minifigure number the catalogue knows, as a membership test. */
export function isKnownMinifig(state: ServiceState, num: string): boolean {
  const m = /^([a-z]{3})(\d{4})$/.exec(num)
  if (!m) return false
  const theme = state.cat.themes.find((t) => t.figCode === m[1])
  return theme !== undefined && Number(m[2]) >= 1 && Number(m[2]) <= theme.figPool
}

const figureIndex = new WeakMap<ServiceState['cat'], FigureIndex>()

/** Every figure the catalogue knows, in number order, with the sets holding it: built once. */
export function catalogueFigures(state: ServiceState): FigureIndex {
  const cached = figureIndex.get(state.cat)
  if (cached) return cached
  const index = buildFigureIndex(state.cat)
  figureIndex.set(state.cat, index)
  return index
}
