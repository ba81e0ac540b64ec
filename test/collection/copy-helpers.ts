import type { ServiceClient } from '../../src/main/service/index'
import { applyServerCopies, targetsWithEdits } from '../../src/main/collection/collection-sync-repo'
import { transaction } from '../../src/main/store/handles'
import type { CollectionDetailRecord } from '../../src/shared/protocol/records'
import { BLANK_COPY } from '../../src/shared/model/collection'
import type { Store } from '../../src/main/store/connection'
import type { PushHarness } from './service-harness'

/** A copy with its parts, figures, instructions and box, and otherwise only what `over` gives. */
export function completeCopy(over: Partial<typeof BLANK_COPY>): typeof BLANK_COPY {
  return { ...BLANK_COPY, parts: true, minifigs: true, instructions: true, box: true, ...over }
}

/** A copy's user fields, as the copy form sends them. */
export const COPY = {
  dateAcquired: '2024-05-01',
  currency: 'EUR',
  pricePaid: 49.5,
  additionalPricePaid: 0,
  currentEstimatedValue: 70,
  conditionWhenAcquired: 'New',
  acquiredFrom: 'Shop',
  conditionNow: 'Built',
  location: 'Shelf',
  notes: '',
  parts: true,
  minifigs: true,
  instructions: false,
  box: true,
  willTrade: false,
  modified: false
}

/**
 * A copy made the way a website user makes one: raise the quantity, then fill the record that
 * appeared. Returns its collectionID.
 */
export async function serviceCopy(
  client: ServiceClient,
  setID: number,
  fields: Partial<Omit<CollectionDetailRecord, 'collectionID'>>
): Promise<number> {
  const before = await client.v2.getCollectionDetail({ SetID: setID })
  const [set] = await client.v2.getSet({ SetID: setID })
  await client.v2.setCollection_qtyOwned({ setID, qtyOwned: (set?.qtyOwned ?? 0) + 1 })
  const after = await client.v2.getCollectionDetail({ SetID: setID })
  const known = new Set(before.map((c) => c.collectionID))
  const fresh = after.find((c) => !known.has(c.collectionID))
  if (!fresh) throw new Error('the service made no copy record')
  await client.v2.setCollectionDetail({ detail: { ...fresh, ...fields, deleted: false } })
  return fresh.collectionID
}

/** The copy loop of the collection pull, for one set. */
export async function pullCopies(h: PushHarness, setID: number): Promise<void> {
  const details = await h.client.v2.getCollectionDetail({ SetID: setID })
  const db = h.store.write
  transaction(db, () => {
    applyServerCopies(db, h.profileId, setID, details, targetsWithEdits(db, h.profileId), 'now')
  })
}

/** What a set's copies hold, id-free and ordered, for comparing the app with the service. */
export function shapeOf(copies: readonly { notes: string | null; pricePaid: number }[]): string[] {
  return copies.map((c) => `${c.notes ?? ''}|${c.pricePaid}`).sort()
}

/** A copy record as the service lists it: blank unless `notes` says something. */
export function copyRecord(collectionID: number, notes = ''): CollectionDetailRecord {
  return { ...BLANK_COPY, notes, collectionID, deleted: false }
}

/** A set's copy records as the service lists them, taken in as the collection pull takes them. */
export function takeCopies(
  h: { readonly store: Store; readonly profileId: number },
  setID: number,
  records: readonly CollectionDetailRecord[]
): void {
  const db = h.store.write
  transaction(db, () => {
    applyServerCopies(db, h.profileId, setID, records, new Set(), '2026-01-01T00:00:00.000Z')
  })
}
