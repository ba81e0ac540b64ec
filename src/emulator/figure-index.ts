import type { Catalogue } from './catalogue'
import { minifigName, setMinifigs } from './set-details'

/**
 * Every figure the catalogue knows (each theme's pool), in number order, with the sets that hold
 * it. Built once per catalogue in typed arrays: as an object and a Map of sets per figure it held
 * 70 MB of the demo thread's heap at 200,000 sets (121,000 figures); numbers and names are made
 * when read.
 */
export interface FigureIndex {
  readonly count: number
  /** The figure at place `i` of number order. */
  number(i: number): string
  name(i: number): string
  /** Its theme's name. */
  category(i: number): string
  /** The sets holding it, in setID order, with how many of it each holds. */
  sets(i: number): { setID: number; quantity: number }[]
  hasSet(i: number, setID: number): boolean
}

const figNumber = (code: string, n: number): string => `${code}${String(n).padStart(4, '0')}`

export function buildFigureIndex(cat: Catalogue): FigureIndex {
  // Raw figure ids: theme by theme in catalogue order, 1..figPool within each.
  const themeStart = new Uint32Array(cat.themes.length + 1)
  cat.themes.forEach((t, k) => (themeStart[k + 1] = (themeStart[k] ?? 0) + t.figPool))
  const count = themeStart[cat.themes.length] ?? 0
  const rawTheme = new Uint16Array(count)
  cat.themes.forEach((t, k) => rawTheme.fill(k, themeStart[k], themeStart[k + 1]))
  const rawOf = (num: string, theme: number): number =>
    (themeStart[theme] ?? 0) + Number(num.slice(cat.themes[theme]?.figCode.length ?? 0)) - 1
  const rawN = (raw: number): number => raw - (themeStart[rawTheme[raw] ?? 0] ?? 0) + 1
  const code = (raw: number): string => cat.themes[rawTheme[raw] ?? 0]?.figCode ?? ''

  // Sets per figure, compressed rows: pass one counts, pass two fills (a figure twice in one set
  // is one row with quantity 2, so a row may end before its room does).
  const room = new Uint32Array(count + 1)
  for (const set of cat.sets)
    for (const num of setMinifigs(cat, set)) {
      const raw = rawOf(num, set.theme)
      room[raw + 1] = (room[raw + 1] ?? 0) + 1
    }
  for (let f = 0; f < count; f++) room[f + 1] = (room[f + 1] ?? 0) + (room[f] ?? 0)
  const total = room[count] ?? 0
  const setIDs = new Int32Array(total)
  const quantity = new Uint8Array(total)
  const used = new Uint32Array(count)
  for (const set of cat.sets)
    for (const num of setMinifigs(cat, set)) {
      const raw = rawOf(num, set.theme)
      const start = room[raw] ?? 0
      const n = used[raw] ?? 0
      if (n > 0 && setIDs[start + n - 1] === set.setID) {
        quantity[start + n - 1] = (quantity[start + n - 1] ?? 0) + 1
      } else {
        setIDs[start + n] = set.setID
        quantity[start + n] = 1
        used[raw] = n + 1
      }
    }

  // Number order, exactly as the numbers sort as strings.
  const keys: string[] = []
  for (let raw = 0; raw < count; raw++) keys.push(figNumber(code(raw), rawN(raw)))
  const order = Uint32Array.from(keys.keys()).sort((a, b) => {
    const x = keys[a] ?? ''
    const y = keys[b] ?? ''
    return x < y ? -1 : x > y ? 1 : 0
  })
  keys.length = 0

  const raw = (i: number): number => order[i] ?? 0
  return {
    count,
    number: (i) => figNumber(code(raw(i)), rawN(raw(i))),
    name: (i) => minifigName(cat, figNumber(code(raw(i)), rawN(raw(i)))),
    category: (i) => cat.themes[rawTheme[raw(i)] ?? 0]?.name ?? '',
    sets(i) {
      const r = raw(i)
      const start = room[r] ?? 0
      const out: { setID: number; quantity: number }[] = []
      for (let k = 0; k < (used[r] ?? 0); k++)
        out.push({ setID: setIDs[start + k] ?? 0, quantity: quantity[start + k] ?? 0 })
      return out
    },
    hasSet(i, setID) {
      const r = raw(i)
      const start = room[r] ?? 0
      for (let k = 0; k < (used[r] ?? 0); k++) if (setIDs[start + k] === setID) return true
      return false
    }
  }
}
