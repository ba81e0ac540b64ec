import type { ServiceState } from './context'
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

/** A figure of the catalogue and the sets it comes in (setID → how many in the set). */
interface CatalogueFigure {
  readonly minifigNumber: string
  readonly name: string
  readonly category: string
  readonly sets: ReadonlyMap<number, number>
}

const figureIndex = new WeakMap<ServiceState['cat'], readonly CatalogueFigure[]>()

/**
 * Every figure the catalogue knows (each theme's pool), in number order, with the sets that hold
 * it: worked out once from the sets' figure lists and kept with the catalogue.
 */
export function catalogueFigures(state: ServiceState): readonly CatalogueFigure[] {
  const cached = figureIndex.get(state.cat)
  if (cached) return cached
  const sets = new Map<string, Map<number, number>>()
  for (const set of state.cat.sets) {
    for (const num of setMinifigs(state.cat, set)) {
      const bySet = sets.get(num) ?? new Map<number, number>()
      sets.set(num, bySet)
      bySet.set(set.setID, (bySet.get(set.setID) ?? 0) + 1)
    }
  }
  const out: CatalogueFigure[] = []
  for (const theme of state.cat.themes) {
    for (let n = 1; n <= theme.figPool; n++) {
      const num = `${theme.figCode}${String(n).padStart(4, '0')}`
      out.push({
        minifigNumber: num,
        name: minifigName(state.cat, num),
        category: theme.name,
        sets: sets.get(num) ?? new Map()
      })
    }
  }
  out.sort((a, b) => (a.minifigNumber < b.minifigNumber ? -1 : 1))
  figureIndex.set(state.cat, out)
  return out
}
