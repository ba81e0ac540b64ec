import { createExchangeHandlers } from '../../src/main/exchange/handlers'
import type { ExchangeHandlers } from '../../src/main/exchange/handlers'
import type { Handlers } from '../../src/shared/ipc/contract'
import { editHarness, insertSets } from '../collection/harness'
import type { EditHarness } from '../collection/harness'

/**
 * A profile for the large-import tests and the import stall bench: a catalogue of sets 1…n (what
 * a generated Brickset file names), the exchange handlers, and both tables as one dispatch table
 * (what a host's IPC calls go through). Free of vitest, so a bench can open one too;
 * importProfileEachTest (each-test.ts) closes each after its test.
 */
export interface ImportProfile {
  readonly h: EditHarness
  readonly x: ExchangeHandlers
  /** The collection's and the exchange's handlers together, for `dispatch`. */
  readonly handlers: Handlers
}

export async function importProfile(sets: number): Promise<ImportProfile> {
  const h = await editHarness({ sets: [] })
  if (sets > 0) {
    insertSets(
      h.store,
      h.profileId,
      Array.from({ length: sets }, (_, i) => i + 1)
    )
  }
  const x = createExchangeHandlers({ ...h.deps, files: null })
  // The two tables are typed per feature; dispatch takes the union of every channel's handler.
  const handlers = { ...h.handlers, ...x } as unknown as Handlers
  return { h, x, handlers }
}
