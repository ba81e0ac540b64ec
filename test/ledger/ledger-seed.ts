import type { EditHarness } from '../collection/harness'
import type { CopyInput } from '../../src/shared/ipc/channels/collection'

/** A copy's details as the copy form sends them, with the money fields chosen by the test. */
export function copyInput(c: Partial<CopyInput> = {}): CopyInput & { modified: boolean } {
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
    modified: false,
    ...c
  } as CopyInput & { modified: boolean }
}

/** Adds a copy through the collection's own edit path (one more owned, then the copy). */
export async function addCopy(
  h: EditHarness,
  setID: number,
  c: Partial<CopyInput> = {}
): Promise<string> {
  const dto = await h.handlers['collection:saveCopy']({ setID, copy: copyInput(c) })
  return dto.localId
}

export const table = <T>(h: EditHarness, q: string): T[] => h.store.read.prepare(q).all() as T[]
