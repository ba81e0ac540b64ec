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

/** A set by its setID: binary search over the setID-ordered catalogue, no per-set Map entry. */
export interface SetIndex {
  get(setID: number): CatalogueSet | undefined
  has(setID: number): boolean
}

export interface Catalogue {
  readonly seed: number
  readonly themes: readonly Theme[]
  /** In setID order (ascending). */
  readonly sets: readonly CatalogueSet[]
  readonly byID: SetIndex
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
const NO_TAG = 0xffff
const TAG_SLOTS = 3

/** The digits drawn, then the check digit, as one number (no leading-zero loss: see `gtin`). */
function drawGtin(r: { int(a: number, b: number): number }, n: number): number {
  const body = digits(r, n)
  return Number(body + String(gtinCheckDigit(body)))
}

const gtin = (value: number, length: number): string =>
  value < 0 ? '' : String(value).padStart(length, '0')

/**
 * The catalogue's fields, one typed array each, indexed by a set's place in setID order. A
 * 200,000-set catalogue as plain objects held 76 MB of the demo thread's heap (which counts in
 * the host's RSS); columns hold ~15 MB. Strings are made when read.
 */
function columns(size: number) {
  return {
    setID: new Int32Array(size),
    number: new Int32Array(size),
    numberVariant: new Uint16Array(size),
    nameAdj: new Uint16Array(size),
    nameNoun: new Uint16Array(size),
    year: new Uint16Array(size),
    theme: new Uint16Array(size),
    subtheme: new Int16Array(size),
    /** -1 for gear (no piece count). */
    pieces: new Int32Array(size),
    minifigs: new Uint8Array(size),
    rating100: new Uint16Array(size),
    reviewCount: new Uint8Array(size),
    instructionsCount: new Uint8Array(size),
    additionalImageCount: new Uint8Array(size),
    /** -1 for none. */
    ean: new Float64Array(size),
    upc: new Float64Array(size),
    tags: new Uint16Array(size * TAG_SLOTS).fill(NO_TAG),
    lastUpdated: new Float64Array(size),
    revision: new Uint32Array(size)
  }
}

type Columns = ReturnType<typeof columns>

/** One set: its place in the columns, read through getters; revision and lastUpdated are written. */
function setClass(c: Columns): new (i: number) => CatalogueSet {
  return class PackedSet implements CatalogueSet {
    constructor(private readonly i: number) {}
    get setID(): number {
      return c.setID[this.i] ?? 0
    }
    get number(): string {
      return String(c.number[this.i])
    }
    get numberVariant(): number {
      return c.numberVariant[this.i] ?? 0
    }
    get name(): string {
      return `${NAME_ADJ[c.nameAdj[this.i] ?? 0] ?? ''} ${NAME_NOUN[c.nameNoun[this.i] ?? 0] ?? ''}`
    }
    get year(): number {
      return c.year[this.i] ?? 0
    }
    get theme(): number {
      return c.theme[this.i] ?? 0
    }
    get subtheme(): number {
      return c.subtheme[this.i] ?? -1
    }
    get pieces(): number | null {
      const p = c.pieces[this.i] ?? -1
      return p < 0 ? null : p
    }
    get minifigs(): number {
      return c.minifigs[this.i] ?? 0
    }
    get rating100(): number {
      return c.rating100[this.i] ?? 0
    }
    get reviewCount(): number {
      return c.reviewCount[this.i] ?? 0
    }
    get instructionsCount(): number {
      return c.instructionsCount[this.i] ?? 0
    }
    get additionalImageCount(): number {
      return c.additionalImageCount[this.i] ?? 0
    }
    get EAN(): string {
      return gtin(c.ean[this.i] ?? -1, 13)
    }
    get UPC(): string {
      return gtin(c.upc[this.i] ?? -1, 12)
    }
    get tags(): string {
      const words: string[] = []
      for (let k = 0; k < TAG_SLOTS; k++) {
        const t = c.tags[this.i * TAG_SLOTS + k] ?? NO_TAG
        if (t !== NO_TAG) words.push(TAG_WORDS[t] ?? '')
      }
      return words.join(', ')
    }
    get lastUpdated(): number {
      return c.lastUpdated[this.i] ?? 0
    }
    set lastUpdated(v: number) {
      c.lastUpdated[this.i] = v
    }
    get revision(): number {
      return c.revision[this.i] ?? 0
    }
    set revision(v: number) {
      c.revision[this.i] = v
    }
    /** Every field, as the plain object this stands for (JSON.stringify, test dumps). */
    toJSON(): Record<string, unknown> {
      const out: Record<string, unknown> = {}
      for (const k of FIELDS) out[k] = this[k]
      return out
    }
  }
}

const FIELDS = [
  'setID',
  'number',
  'numberVariant',
  'name',
  'year',
  'theme',
  'subtheme',
  'pieces',
  'minifigs',
  'rating100',
  'reviewCount',
  'instructionsCount',
  'additionalImageCount',
  'EAN',
  'UPC',
  'tags',
  'lastUpdated',
  'revision'
] as const satisfies readonly (keyof CatalogueSet)[]

function pickIndex(r: { int(a: number, b: number): number }, n: number): number {
  return r.int(0, n - 1)
}

export function generateCatalogue(seed: number, size: number): Catalogue {
  if (!Number.isInteger(size) || size < MIN_SETS || size > MAX_SETS) {
    throw new RangeError(`catalogue size must be an integer from ${MIN_SETS} to ${MAX_SETS}`)
  }
  const themes = makeThemes(seed, size)
  const perTheme = new Array<number>(themes.length).fill(0)
  const c = columns(size)
  const PackedSet = setClass(c)
  const sets: CatalogueSet[] = new Array<CatalogueSet>(size)
  const seq = rng(seed, STREAM.set)
  let setID = 1000
  let nextNumber = 100
  for (let i = 0; i < size; i++) {
    setID += seq.int(1, 4)
    const r = rng(seed, STREAM.set, setID)
    const variantOfPrev = i > 0 && r.chance(0.06)
    const themeIdx = variantOfPrev ? (c.theme[i - 1] ?? 0) : mix(seed, i >> 3) % themes.length
    const theme = themes[themeIdx] as Theme
    perTheme[themeIdx] = (perTheme[themeIdx] ?? 0) + 1
    if (!variantOfPrev) nextNumber += seq.int(1, 6)
    const gear = r.chance(0.05)
    const pieces = gear ? null : Math.round(Math.pow(r.next(), 2.2) * 6000) + r.int(1, 40)
    const year = r.int(theme.yearFrom, theme.yearTo)
    const reviewCount = r.chance(0.5) ? r.int(1, 6) : 0
    const ean = year >= 1990 && r.chance(0.8) ? drawGtin(r, 12) : -1
    const upc = year >= 1990 && r.chance(0.6) ? drawGtin(r, 11) : -1
    const tagCount = r.int(0, 3)
    const tags: number[] = []
    for (let t = 0; t < tagCount; t++) {
      const tag = pickIndex(r, TAG_WORDS.length)
      if (!tags.includes(tag)) tags.push(tag)
    }
    c.setID[i] = setID
    c.number[i] = variantOfPrev ? (c.number[i - 1] ?? 0) : nextNumber
    c.numberVariant[i] = variantOfPrev ? (c.numberVariant[i - 1] ?? 0) + 1 : 1
    c.nameAdj[i] = pickIndex(r, NAME_ADJ.length)
    c.nameNoun[i] = pickIndex(r, NAME_NOUN.length)
    c.year[i] = year
    c.theme[i] = themeIdx
    c.subtheme[i] = r.chance(0.1) ? -1 : r.int(0, theme.subthemes.length - 1)
    c.pieces[i] = pieces ?? -1
    c.minifigs[i] =
      gear || pieces === null ? 0 : Math.min(12, Math.floor(pieces / 250) + r.int(0, 2))
    c.rating100[i] = reviewCount > 0 ? r.int(250, 500) : 0
    c.reviewCount[i] = reviewCount
    c.instructionsCount[i] = gear ? 0 : r.int(0, 3)
    c.additionalImageCount[i] = r.int(0, 6)
    c.ean[i] = ean
    c.upc[i] = upc
    tags.forEach((t, k) => (c.tags[i * TAG_SLOTS + k] = t))
    c.lastUpdated[i] = UPDATED_FROM + Math.floor(r.next() * UPDATED_SPAN)
    sets[i] = new PackedSet(i)
  }
  themes.forEach((t, idx) => (t.figPool = Math.ceil((perTheme[idx] ?? 0) * 0.6) + 5))
  const byThemeName = new Map<string, CatalogueSet[]>()
  for (const set of sets) {
    const key = (themes[set.theme] as Theme).name.toLowerCase()
    const list = byThemeName.get(key)
    if (list) list.push(set)
    else byThemeName.set(key, [set])
  }
  const at = (id: number): number => {
    let lo = 0
    let hi = size - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const v = c.setID[mid] ?? 0
      if (v === id) return mid
      if (v < id) lo = mid + 1
      else hi = mid - 1
    }
    return -1
  }
  const byID: SetIndex = {
    get: (id) => sets[at(id)],
    has: (id) => at(id) >= 0
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
