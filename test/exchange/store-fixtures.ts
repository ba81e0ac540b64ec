import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createExchangeHandlers } from '../../src/main/exchange/handlers'
import type { ExchangeHandlers } from '../../src/main/exchange/handlers'
import type { SetStateRow } from '../../src/main/collection/collection-state-repo'
import type { Store } from '../../src/main/store/connection'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'

/** The sets the golden files name, as a catalogue would hold them: number, variant, name. */
export const CATALOGUE: readonly [string, number, string][] = [
  ['10179', 1, "Ultimate Collector's Millennium Falcon"],
  ['75192', 1, 'Millennium Falcon'],
  ['21309', 1, 'NASA Apollo Saturn V'],
  ['308', 1, 'Electric Train Set'],
  ['308', 3, 'Electric Train Set'],
  ['23', 2, 'Value Pack Italy'],
  ['6080', 1, "King's Castle"],
  ['7065', 1, 'Mini Millennium Falcon'],
  ['60393', 1, 'Fire Rescue Set'],
  ['76039', 1, 'Ant-Man Final Battle']
]

/** What the reference service answers for getCollectionDetailConditions(which=acquired). */
export const ACQUIRED = ['New', 'Used - complete', 'Used - incomplete', 'Sealed', 'Unknown']

export function golden(name: string): string {
  return readFileSync(join(__dirname, '../fixtures/formats', name), 'utf8')
}

export function goldenBytes(name: string): Buffer {
  return readFileSync(join(__dirname, '../fixtures/formats', name))
}

export function insertCatalogue(store: Store, profileId: number): Map<string, number> {
  const insert = store.write.prepare(
    `INSERT INTO sets (profile_id, set_id, number, number_variant, full_number, number_sort, name,
       year, theme, theme_group, subtheme, pieces, minifigs, availability, rating, tags,
       last_updated, detail, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 2020, 'Theme', '', 'Sub', 100, 2, 'Retail', 0, '',
       '2026-01-01T00:00:00.000Z', '{}', '2026-01-01T00:00:00.000Z')`
  )
  const ids = new Map<string, number>()
  CATALOGUE.forEach(([number, variant, name], i) => {
    const setID = 5000 + i
    const full = `${number}-${variant}`
    insert.run(profileId, setID, number, variant, full, Number(number), name)
    ids.set(full, setID)
  })
  const cond = store.write.prepare(
    `INSERT INTO conditions (profile_id, which, position, condition) VALUES (?, 'acquired', ?, ?)`
  )
  ACQUIRED.forEach((c, i) => cond.run(profileId, i, c))
  return ids
}

/** A minifigure the service listed for the user (the pull writes these rows). */
export function insertMinifig(store: Store, profileId: number, number: string, name: string): void {
  store.write
    .prepare(
      `INSERT INTO minifig_state (profile_id, minifig_number, name, category, updated_at)
       VALUES (?, ?, ?, 'Star Wars', '2026-01-01T00:00:00.000Z')`
    )
    .run(profileId, number, name)
}

export interface ExchangeHarness {
  readonly h: EditHarness
  readonly x: ExchangeHandlers
  /** fullNumber → setID */
  readonly ids: Map<string, number>
  id(fullNumber: string): number
  close(): void
}

export async function exchangeHarness(): Promise<ExchangeHarness> {
  const h = await editHarness({ sets: [] })
  const ids = insertCatalogue(h.store, h.profileId)
  const x = createExchangeHandlers({ ...h.deps, files: null })
  return {
    h,
    x,
    ids,
    id(fullNumber) {
      const id = ids.get(fullNumber)
      if (id === undefined) throw new Error(`no ${fullNumber} in the test catalogue`)
      return id
    },
    close: () => {
      h.close()
    }
  }
}

export function setState(store: Store, setID: number): SetStateRow | undefined {
  return store.read
    .prepare(
      'SELECT owned, wanted, qty_owned, notes, rating, flags FROM set_state WHERE set_id = ?'
    )
    .get(setID) as SetStateRow | undefined
}

/** Every set the user would notice (owned, wanted, noted, rated or flagged), by set id. */
export function noticedSets(store: Store): unknown[] {
  return store.read
    .prepare(
      `SELECT set_id, owned, wanted, qty_owned, notes, rating, flags FROM set_state
       WHERE owned = 1 OR wanted = 1 OR qty_owned > 0 OR notes <> '' OR rating > 0 OR flags <> 0
       ORDER BY set_id`
    )
    .all()
}

export interface CopyRow {
  date_acquired: string
  currency: string
  price_paid: number
  current_estimated_value: number
  condition_when_acquired: string
  notes: string
}

export function copiesOf(store: Store, setID: number): CopyRow[] {
  return store.read
    .prepare(
      `SELECT date_acquired, currency, price_paid, current_estimated_value, condition_when_acquired,
         notes FROM copies WHERE set_id = ? AND deleted = 0 ORDER BY date_acquired`
    )
    .all(setID) as CopyRow[]
}

export function labelsOf(store: Store): string[] {
  const rows = store.read
    .prepare('SELECT flag_no, label FROM flag_labels ORDER BY flag_no')
    .all() as { flag_no: number; label: string }[]
  return [1, 2, 3, 4, 5, 6, 7, 8].map((n) => rows.find((r) => r.flag_no === n)?.label ?? '')
}

export const bits = (...flags: number[]): number =>
  flags.reduce((acc, n) => acc | (1 << (n - 1)), 0)
