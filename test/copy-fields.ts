import type { CopyDto } from '../src/shared/model/collection'

/** What the copy form holds: a copy's own fields, without where it is kept or how it syncs. */
export type CopyFields = Omit<
  CopyDto,
  'localId' | 'collectionID' | 'setID' | 'modified' | 'keptLocal' | 'outboxId' | 'sync'
>

/**
 * A copy bought new and complete for 100 + 10 EUR, worth 150, nothing noted; tests say what
 * differs. Shared by the renderer's tests and main's (the copy form and the ledger send these).
 */
export function copyFields(over: Partial<CopyFields> = {}): CopyFields {
  return {
    dateAcquired: '2021-05-01',
    currency: 'EUR',
    pricePaid: 100,
    additionalPricePaid: 10,
    currentEstimatedValue: 150,
    conditionWhenAcquired: 'New',
    acquiredFrom: '',
    conditionNow: 'New',
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
