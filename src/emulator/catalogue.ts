import { mix, rng, STREAM } from './rng'
import {
  NAME_ADJ,
  NAME_NOUN,
  SUBTHEME_WORDS,
  TAG_WORDS,
  THEME_FIRST,
  THEME_GROUPS,
  THEME_SECOND
} from './words'

/**
 * The generated catalogue. Only what search, sort and aggregates need is materialised per set;
 * prices, dimensions, texts, reviews and images are derived on demand (set-details.ts).
 */

const MIN_SETS = 1
const MAX_SETS = 200_000
export const YEAR_FROM = 1970
export const YEAR_TO = 2026

interface Theme {
  readonly name: string
  readonly group: string
  /** Lower-case prefix of this theme's minifigure numbers. */
  readonly figCode: string
  readonly subthemes: readonly string[]
  readonly yearFrom: number
  readonly yearTo: number
  /** Size of the minifigure pool, fixed once all sets exist. */
  figPool: number
}

export interface CatalogueSet {
  readonly setID: number
  readonly number: string
  readonly numberVariant: number
  readonly name: string
  readonly year: number
  readonly theme: number
  /** Index into the theme's subthemes, -1 for none. */
  readonly subtheme: number
  readonly pieces: number | null
  readonly minifigs: number
  /** Average rating × 100, 0 when unrated. */
  readonly rating100: number
  readonly reviewCount: number
  readonly instructionsCount: number
  readonly additionalImageCount: number
  readonly EAN: string
  readonly UPC: string
  readonly tags: string
  /** Epoch ms; moves when the set changes. */
  lastUpdated: number
  /** Incremented by each change, feeds the revised fields. */
  revision: number
}

export interface Catalogue {
  readonly seed: number
  readonly themes: readonly Theme[]
  /** In setID order (ascending). */
  readonly sets: readonly CatalogueSet[]
  readonly byID: ReadonlyMap<number, CatalogueSet>
  /**
   * Each theme's sets by the theme's lower-case name, in setID order: per-theme aggregates read
   * one theme's sets instead of scanning the catalogue on every call. Theme and subtheme of a
   * set never change, so this is built once.
   */
  readonly byThemeName: ReadonlyMap<string, readonly CatalogueSet[]>
}

/** GS1 check digit over the digits given (EAN-13 and UPC-A use the same rule). */
export function gtinCheckDigit(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48
    sum += i % 2 === 0 ? d * 3 : d
  }
  return (10 - (sum % 10)) % 10
}

function digits(r: { int(a: number, b: number): number }, n: number): string {
  let s = ''
  for (let i = 0; i < n; i++) s += String(r.int(0, 9))
  return s
}

function makeThemes(seed: number, setCount: number): Theme[] {
  const r = rng(seed, STREAM.themes)
  const wanted = Math.min(300, Math.max(12, Math.round(setCount / 250)))
  const used = new Set<string>()
  const codes = new Set<string>()
  const themes: Theme[] = []
  while (themes.length < wanted) {
    const name = `${r.pick(THEME_FIRST)} ${r.pick(THEME_SECOND)}`
    if (used.has(name)) continue
    used.add(name)
    const yearFrom = r.int(YEAR_FROM, YEAR_TO - 2)
    const yearTo = Math.min(YEAR_TO, yearFrom + r.int(1, 30))
    const subs = new Set<string>()
    const subCount = r.int(2, 10)
    while (subs.size < subCount) subs.add(r.pick(SUBTHEME_WORDS))
    const letters = name.toLowerCase().replace(/[^a-z]/g, '')
    let figCode = ''
    for (let k = 0; figCode === '' || codes.has(figCode); k++) {
      figCode = `${letters.slice(0, 2)}${String.fromCharCode(97 + ((themes.length + k) % 26))}`
      if (k > 26)
        figCode = `${String.fromCharCode(97 + (k % 26))}${letters.slice(1, 2)}${String.fromCharCode(97 + (themes.length % 26))}`
    }
    codes.add(figCode)
    themes.push({
      name,
      group: r.pick(THEME_GROUPS),
      figCode,
      subthemes: [...subs],
      yearFrom,
      yearTo,
      figPool: 0
    })
  }
  return themes
}

/** Fixed epoch range for generated lastUpdated values: independent of the clock, so seeds reproduce. */
const UPDATED_FROM = Date.UTC(2016, 0, 1)
const UPDATED_SPAN = Date.UTC(2025, 11, 31) - UPDATED_FROM

export function generateCatalogue(seed: number, size: number): Catalogue {
  if (!Number.isInteger(size) || size < MIN_SETS || size > MAX_SETS) {
    throw new RangeError(`catalogue size must be an integer from ${MIN_SETS} to ${MAX_SETS}`)
  }
  const themes = makeThemes(seed, size)
  const perTheme = new Array<number>(themes.length).fill(0)
  const sets: CatalogueSet[] = new Array<CatalogueSet>(size)
  const byID = new Map<number, CatalogueSet>()
  const seq = rng(seed, STREAM.set)
  let setID = 1000
  let nextNumber = 100
  let prev: CatalogueSet | undefined
  for (let i = 0; i < size; i++) {
    setID += seq.int(1, 4)
    const r = rng(seed, STREAM.set, setID)
    const variantOfPrev = prev !== undefined && r.chance(0.06)
    const themeIdx = variantOfPrev && prev ? prev.theme : mix(seed, i >> 3) % themes.length
    const theme = themes[themeIdx] as Theme
    perTheme[themeIdx] = (perTheme[themeIdx] ?? 0) + 1
    if (!variantOfPrev) nextNumber += seq.int(1, 6)
    const gear = r.chance(0.05)
    const pieces = gear ? null : Math.round(Math.pow(r.next(), 2.2) * 6000) + r.int(1, 40)
    const year = r.int(theme.yearFrom, theme.yearTo)
    const reviewCount = r.chance(0.5) ? r.int(1, 6) : 0
    const ean = year >= 1990 && r.chance(0.8) ? digits(r, 12) : ''
    const upc = year >= 1990 && r.chance(0.6) ? digits(r, 11) : ''
    const tagCount = r.int(0, 3)
    const tags = new Set<string>()
    for (let t = 0; t < tagCount; t++) tags.add(r.pick(TAG_WORDS))
    const set: CatalogueSet = {
      setID,
      number: variantOfPrev && prev ? prev.number : String(nextNumber),
      numberVariant: variantOfPrev && prev ? prev.numberVariant + 1 : 1,
      name: `${r.pick(NAME_ADJ)} ${r.pick(NAME_NOUN)}`,
      year,
      theme: themeIdx,
      subtheme: r.chance(0.1) ? -1 : r.int(0, theme.subthemes.length - 1),
      pieces,
      minifigs: gear || pieces === null ? 0 : Math.min(12, Math.floor(pieces / 250) + r.int(0, 2)),
      rating100: reviewCount > 0 ? r.int(250, 500) : 0,
      reviewCount,
      instructionsCount: gear ? 0 : r.int(0, 3),
      additionalImageCount: r.int(0, 6),
      EAN: ean === '' ? '' : ean + String(gtinCheckDigit(ean)),
      UPC: upc === '' ? '' : upc + String(gtinCheckDigit(upc)),
      tags: [...tags].join(', '),
      lastUpdated: UPDATED_FROM + Math.floor(r.next() * UPDATED_SPAN),
      revision: 0
    }
    sets[i] = set
    byID.set(setID, set)
    prev = set
  }
  themes.forEach((t, idx) => (t.figPool = Math.ceil((perTheme[idx] ?? 0) * 0.6) + 5))
  const byThemeName = new Map<string, CatalogueSet[]>()
  for (const set of sets) {
    const key = (themes[set.theme] as Theme).name.toLowerCase()
    const list = byThemeName.get(key)
    if (list) list.push(set)
    else byThemeName.set(key, [set])
  }
  return { seed, themes, sets, byID, byThemeName }
}

/** The sets of the theme named (trimmed, any case), or every set for no name. */
export function setsOfTheme(cat: Catalogue, theme: string): readonly CatalogueSet[] {
  const t = theme.trim().toLowerCase()
  return t === '' ? cat.sets : (cat.byThemeName.get(t) ?? [])
}

export function themeOf(cat: Catalogue, set: CatalogueSet): Theme {
  return cat.themes[set.theme] as Theme
}

export function subthemeOf(cat: Catalogue, set: CatalogueSet): string {
  return set.subtheme < 0 ? '' : (themeOf(cat, set).subthemes[set.subtheme] ?? '')
}

/** `NUMBER-VARIANT`, the set's public identifier and image file name. */
export function fullNumber(set: CatalogueSet): string {
  return `${set.number}-${set.numberVariant}`
}
