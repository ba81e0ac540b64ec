import type { z } from 'zod'
import type { Handlers } from '../../shared/ipc/contract'
import type { labelScope } from '../../shared/ipc/channels/labels'
import type { LabelsDto } from '../../shared/model/labels'
import type { Store } from '../store/connection'
import type { ReadDb } from '../store/handles'
import { copyCounts, copiesInNumberOrder } from '../collection/index'
import { copiesAt } from '../shelf/index'
import { buildLabels } from './labels-build'
import type { LabelSource } from './labels-build'

type LabelsHandlers = Pick<Handlers, 'labels:list'>

interface LabelsDeps {
  readonly store: Store
  readonly profileId: () => number
}

type ParsedScope = z.output<typeof labelScope>

/** Copies of the scope's sets, and what the sets hold that no label can name. */
function sourcesOf(
  db: ReadDb,
  p: number,
  input: ParsedScope
): Omit<LabelsDto, 'labels'> & { copies: LabelSource[] } {
  if ('location' in input) {
    // The shelf's own reading of a place: `attic/shelf 2` is `Attic › Shelf 2`, bins inside count.
    return { copies: copiesAt(db, p, input.location), withoutRecord: 0, setsWithout: 0 }
  }
  const sets = copyCounts(db, p, 'setIDs' in input ? { setIDs: input.setIDs } : 'owned')
  // A selection's copies are read by its set IDs, whatever their set's state row says.
  const ids = 'setIDs' in input ? [...new Set(input.setIDs)] : sets.map((s) => s.setID)
  const copies = copiesInNumberOrder(db, p, ids)
  const labelled = new Set(copies.map((c) => c.setID))
  return {
    copies,
    withoutRecord: sets.reduce((n, s) => n + Math.max(0, s.qtyOwned - s.copies), 0),
    setsWithout: ids.filter((id) => !labelled.has(id)).length
  }
}

export function createLabelsHandlers(deps: LabelsDeps): LabelsHandlers {
  return {
    'labels:list': async (input) => {
      // One read for the whole list: what the labels show is one moment of the collection.
      const { copies, ...counts } = sourcesOf(deps.store.read, deps.profileId(), input)
      return { labels: await buildLabels(copies), ...counts }
    }
  }
}
