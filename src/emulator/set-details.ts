import type { Catalogue, CatalogueSet } from './catalogue'
import { fullNumber, subthemeOf, themeOf } from './catalogue'
import { rng, STREAM } from './rng'
import {
  AUTHORS,
  AVAILABILITY,
  CATEGORIES,
  FIG_FIRST,
  FIG_ROLE,
  PACKAGING,
  REVIEW_TITLES
} from './words'

/** Heavy or derived set fields, computed from (seed, setID, revision) when a record is written. */
interface SetDetails {
  readonly prices: readonly [string, string, string, string]
  readonly dateAdded: string
  /** The US shop's last day ('' while it sells the set with no end known). */
  readonly dateRemoved: string
  /** The UK, CA and DE shops' last days: the US one, or some days either side of a coming one. */
  readonly dateRemovedIn: { readonly UK: string; readonly CA: string; readonly DE: string }
  readonly packagingType: string
  readonly availability: string
  readonly ageMin: string
  readonly ageMax: string
  readonly height: string
  readonly width: string
  readonly depth: string
  readonly weight: string
  readonly category: string
  readonly notes: string | null
  readonly description: string | null
  readonly ownedByTotal: number
  readonly wantedByTotal: number
  readonly released: boolean
  readonly image: boolean
}

const pad2 = (n: number): string => String(n).padStart(2, '0')

const DAY_MS = 86_400_000
const plusDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)

/** Of the sets in the shops on the day the catalogue is served, the share with an exit date. */
const EXIT_SHARE = 0.45
/** Of those, the share leaving within 90 days (a watch's default window). */
const EXIT_SOON = 0.3

/**
 * The coming shop exits of a set still in the shops on `today` (the day the service started):
 * as on the real site, some of the current sets have an announced last day, some within 90 days
 * and the rest later; the other shops end some days either side of the US one. From a stream of
 * its own (seed, set), so every other field is as it was, and a seed and a day give the same
 * dates every time. No day given: no coming exits, as before.
 */
function comingExits(
  cat: Catalogue,
  set: CatalogueSet,
  today: string | undefined
): { US: string; UK: string; CA: string; DE: string } | null {
  if (today === undefined || set.year > Number(today.slice(0, 4))) return null
  const r = rng(cat.seed, STREAM.exit, set.setID)
  if (!r.chance(EXIT_SHARE)) return null
  const US = plusDays(today, r.chance(EXIT_SOON) ? r.int(1, 90) : r.int(91, 540))
  const near = (): string => plusDays(US, r.int(-30, 45))
  return { US, UK: near(), CA: near(), DE: near() }
}

export function setDetails(cat: Catalogue, set: CatalogueSet, today?: string): SetDetails {
  const r = rng(cat.seed, STREAM.text, set.setID)
  const rev = rng(cat.seed, STREAM.revision, set.setID, set.revision)
  const base = set.pieces === null ? 4 + r.next() * 20 : 3 + set.pieces * (0.08 + r.next() * 0.05)
  const priced = set.year >= 1985 && r.chance(0.85)
  const price = (factor: number): string =>
    priced && rev.chance(0.9)
      ? (Math.round(base * factor * (0.95 + rev.next() * 0.1)) - 0.01).toFixed(2)
      : ''
  const shop = set.year >= 2000
  const dims = set.pieces !== null && r.chance(0.7)
  const theme = themeOf(cat, set)
  const sub = subthemeOf(cat, set)
  const ageMin = r.int(4, 16)
  const dateAdded = shop ? `${set.year - 1}-${pad2(r.int(1, 12))}-${pad2(r.int(1, 28))}` : ''
  const dateRemoved =
    shop && set.year < 2024
      ? `${set.year + r.int(1, 2)}-${pad2(r.int(1, 12))}-${pad2(r.int(1, 28))}`
      : ''
  const coming = shop && dateRemoved === '' ? comingExits(cat, set, today) : null
  return {
    prices: [price(0.85), price(1), price(1.25), price(1.0)],
    dateAdded,
    dateRemoved: coming?.US ?? dateRemoved,
    dateRemovedIn: coming ?? { UK: dateRemoved, CA: dateRemoved, DE: dateRemoved },
    packagingType: set.pieces === null ? 'Other' : r.pick(PACKAGING),
    availability: rev.pick(AVAILABILITY),
    ageMin: set.year >= 1995 ? String(ageMin) : '',
    ageMax: set.year >= 1995 && r.chance(0.3) ? String(ageMin + r.int(4, 80)) : '',
    height: dims ? (4 + r.next() * 40).toFixed(1) : '',
    width: dims ? (4 + r.next() * 60).toFixed(1) : '',
    depth: dims ? (2 + r.next() * 15).toFixed(1) : '',
    weight: dims ? (0.05 + r.next() * 5).toFixed(2) : '',
    category: set.pieces === null ? 'Gear' : r.pick(CATEGORIES.filter((c) => c !== 'Gear')),
    notes: r.chance(0.15) ? `Revision ${set.revision}: check the parts list & box art.` : null,
    description: r.chance(0.85)
      ? `${set.name} from the ${theme.name}${sub === '' ? '' : ` ${sub}`} range, ${set.year}. ` +
        `${set.pieces ?? 0} pieces & ${set.minifigs} minifigures; ages ${ageMin}+ <recommended>. ` +
        `Catalogue revision ${set.revision}.`
      : null,
    ownedByTotal: r.int(0, 8000),
    wantedByTotal: r.int(0, 5000),
    released: set.year <= 2025,
    image: !r.chance(0.03)
  }
}

/** Minifigure numbers in a set (derived from its theme's pool). */
export function setMinifigs(cat: Catalogue, set: CatalogueSet): string[] {
  const theme = themeOf(cat, set)
  const r = rng(cat.seed, STREAM.minifig, set.setID)
  const out: string[] = []
  for (let i = 0; i < set.minifigs; i++)
    out.push(minifigNumber(theme.figCode, r.int(1, theme.figPool)))
  return out
}

function minifigNumber(code: string, n: number): string {
  return `${code}${String(n).padStart(4, '0')}`
}

export function minifigName(cat: Catalogue, num: string): string {
  const r = rng(cat.seed, STREAM.minifig, hashString(num))
  return `${r.pick(FIG_FIRST)} the ${r.pick(FIG_ROLE)}`
}

export function hashString(s: string): number {
  let h = 2166136261
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619)
  return h >>> 0
}

interface GeneratedReview {
  author: string
  datePosted: Date
  overallRating: number
  parts: number
  buildingExperience: number
  playability: number
  valueForMoney: number
  title: string
  review: string
  HTML: boolean
}

export function setReviews(cat: Catalogue, set: CatalogueSet): GeneratedReview[] {
  const out: GeneratedReview[] = []
  for (let k = 0; k < set.reviewCount; k++) {
    const r = rng(cat.seed, STREAM.review, set.setID, k)
    const html = r.chance(0.3)
    const overall = r.int(1, 5)
    out.push({
      author: r.pick(AUTHORS),
      datePosted: new Date(
        Date.UTC(
          Math.max(set.year, 2005),
          r.int(0, 11),
          r.int(1, 28),
          r.int(0, 23),
          r.int(0, 59),
          r.int(0, 59),
          r.int(0, 999)
        )
      ),
      overallRating: overall,
      parts: r.int(1, 5),
      buildingExperience: r.int(1, 5),
      playability: r.int(1, 5),
      valueForMoney: r.int(1, 5),
      title: r.pick(REVIEW_TITLES),
      review: html
        ? `<p>I rate <b>${set.name}</b> ${overall}/5 &amp; would build it again.</p>`
        : `I rate ${set.name} ${overall}/5 & would build it again.`,
      HTML: html
    })
  }
  return out
}

interface Paths {
  thumbnail: string
  large: string
  image: string
  page: string
}

/** Paths of a set's images and page on this service (the origin is prefixed per request). */
export function setPaths(set: CatalogueSet): Paths {
  const file = fullNumber(set)
  return {
    thumbnail: `/images/sets/thumbs/tn_${file}.svg`,
    large: `/images/sets/small/${file}.svg`,
    image: `/images/sets/images/${file}.svg`,
    page: `/sets/${file}`
  }
}

export function additionalImagePaths(set: CatalogueSet): Paths[] {
  const out: Paths[] = []
  const file = fullNumber(set)
  for (let k = 1; k <= set.additionalImageCount; k++) {
    out.push({
      thumbnail: `/images/sets/thumbs/tn_${file}_${k}.svg`,
      large: `/images/sets/small/${file}_${k}.svg`,
      image: `/images/sets/images/${file}_${k}.svg`,
      page: `/sets/${file}`
    })
  }
  return out
}

export function instructionLinks(set: CatalogueSet): { URL: string; description: string }[] {
  const out: { URL: string; description: string }[] = []
  for (let k = 1; k <= set.instructionsCount; k++) {
    out.push({
      URL: `/instructions/${fullNumber(set)}-${k}.pdf`,
      description: `Building instruction ${set.number} (book ${k} of ${set.instructionsCount})`
    })
  }
  return out
}
