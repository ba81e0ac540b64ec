import type { EditHarness } from '../collection/harness'
import type { CopyInput } from '../../src/shared/ipc/channels/collection'
import { copyFields } from '../copy-fields'

/** A copy's details as the copy form sends them (copyFields), with what the test chooses. */
export function copyInput(c: Partial<CopyInput> = {}): CopyInput & { modified: boolean } {
  return { ...copyFields(), modified: false, ...c } as CopyInput & { modified: boolean }
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
