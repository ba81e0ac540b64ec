import { BLANK_COPY } from '../shared/model/collection'
import type { Catalogue } from './catalogue'
import { rng, STREAM } from './rng'

/** The service's mutable data: accounts, per-user collections, allowances. */

interface User {
  readonly username: string
  readonly password: string
  readonly userHash: string
}

export interface CollectionEntry {
  owned: boolean
  wanted: boolean
  qtyOwned: number
  notes: string
  rating: number
  flags: boolean[]
}

/**
 * One copy record. Ids only grow, so the newest copy is the one with the highest id; a copy holds
 * no set number on the wire, but the service knows which set it belongs to.
 */
export interface CopyDetail {
  collectionID: number
  setID: number
  dateAcquired: string
  currency: string
  pricePaid: number
  additionalPricePaid: number
  currentEstimatedValue: number
  conditionWhenAcquired: string
  acquiredFrom: string
  conditionNow: string
  location: string
  notes: string
  parts: boolean
  minifigs: boolean
  instructions: boolean
  box: boolean
  willTrade: boolean
  modified: boolean
}

interface LooseMinifig {
  loose: number
  wanted: boolean
  notes: string
}

export interface UserData {
  readonly user: User
  readonly sets: Map<number, CollectionEntry>
  readonly copies: Map<number, CopyDetail>
  readonly minifigs: Map<string, LooseMinifig>
  flagLabels: string[]
}

export const FLAG_COUNT = 8

/** A record as raising the quantity creates it: nothing filled in yet. */
export function blankCopy(collectionID: number, setID: number): CopyDetail {
  return { collectionID, setID, ...BLANK_COPY }
}

export function isBlankCopy(c: CopyDetail): boolean {
  const blank = blankCopy(c.collectionID, c.setID)
  return (Object.keys(blank) as (keyof CopyDetail)[]).every((k) => c[k] === blank[k])
}

export function emptyEntry(): CollectionEntry {
  return {
    owned: false,
    wanted: false,
    qtyOwned: 0,
    notes: '',
    rating: 0,
    flags: new Array<boolean>(FLAG_COUNT).fill(false)
  }
}

export function isEmptyEntry(e: CollectionEntry): boolean {
  return (
    !e.owned &&
    !e.wanted &&
    e.qtyOwned === 0 &&
    e.notes === '' &&
    e.rating === 0 &&
    !e.flags.some(Boolean)
  )
}

const HASH_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'

function token(r: { int(a: number, b: number): number }, length: number, alphabet: string): string {
  let s = ''
  for (let i = 0; i < length; i++) s += alphabet[r.int(0, alphabet.length - 1)] ?? 'x'
  return s
}

export interface Accounts {
  readonly apiKeys: readonly string[]
  readonly users: readonly User[]
}

const DEMO_USERNAME = 'demo'
const DEMO_PASSWORD = 'studbook-demo'

export function makeAccounts(seed: number): Accounts {
  const r = rng(seed, STREAM.users)
  const key = (): string =>
    [0, 1, 2].map(() => token(r, 4, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')).join('-')
  const apiKeys = [key(), key(), key()]
  const user = (username: string, password: string): User => ({
    username,
    password,
    userHash: token(r, 24, HASH_CHARS)
  })
  return {
    apiKeys,
    users: [
      user(DEMO_USERNAME, DEMO_PASSWORD),
      user('alice', 'alice-bricks'),
      user('bob', 'bob-bricks')
    ]
  }
}

export const DEFAULT_FLAG_LABELS = [
  'Displayed',
  'Boxed',
  'To build',
  'Sealed',
  'For sale',
  'Gift',
  '',
  ''
]

/** A realistic start for the demo account: a handful of owned and wanted sets, notes, a copy. */
export function seedDemoCollection(cat: Catalogue, data: UserData): void {
  const r = rng(cat.seed, STREAM.users, 99)
  const pickSet = (): number => cat.sets[r.int(0, cat.sets.length - 1)]?.setID ?? 0
  const owned = Math.min(12, cat.sets.length)
  for (let i = 0; i < owned; i++) {
    const e = emptyEntry()
    e.owned = true
    e.qtyOwned = r.chance(0.2) ? 2 : 1
    if (i < 3)
      e.notes =
        ['Built twice, stored in bags.', 'Missing one tile.', 'Birthday present 🎁'][i] ?? ''
    if (i < 4) e.rating = r.int(3, 5)
    if (i < 2) e.flags[i] = true
    data.sets.set(pickSet(), e)
  }
  for (let i = 0; i < 8; i++) {
    const id = pickSet()
    const e = data.sets.get(id) ?? emptyEntry()
    e.wanted = true
    data.sets.set(id, e)
  }
  const first = [...data.sets.entries()].find(([, e]) => e.owned)
  if (first) {
    data.copies.set(1, {
      ...blankCopy(1, first[0]),
      dateAcquired: '2021-12-24',
      currency: 'GBP',
      pricePaid: 89.99,
      currentEstimatedValue: 120,
      conditionWhenAcquired: 'New',
      acquiredFrom: 'Toy shop',
      conditionNow: 'Assembled',
      location: 'Living room shelf',
      parts: true,
      minifigs: true,
      instructions: true,
      box: true
    })
  }
  const theme = cat.themes[0]
  if (theme) {
    data.minifigs.set(`${theme.figCode}0001`, { loose: 2, wanted: false, notes: '' })
    data.minifigs.set(`${theme.figCode}0002`, {
      loose: 0,
      wanted: true,
      notes: 'Need for the castle MOC'
    })
  }
}
