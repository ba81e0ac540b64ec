import type { CopyDto } from '../../src/shared/model/collection'

/** What the copy form holds: a copy's own fields, without where it is kept or how it syncs. */
export type CopyFields = Omit<
  CopyDto,
  'localId' | 'collectionID' | 'setID' | 'modified' | 'keptLocal' | 'outboxId' | 'sync'
>

/** A copy bought new and complete, nothing noted; tests say what differs. */
export function copyFields(over: Partial<CopyFields> = {}): CopyFields {
  return {
    dateAcquired: '2024-05-01',
    currency: 'EUR',
    pricePaid: 10,
    additionalPricePaid: 0,
    currentEstimatedValue: 12,
    conditionWhenAcquired: 'New',
    acquiredFrom: '',
    conditionNow: 'Sealed',
    location: '',
    notes: '',
    parts: true,
    minifigs: true,
    instructions: true,
    box: true,
    willTrade: false,
    ...over
  }
}
