import type { CollectionCountsDto } from '../../shared/model/exchange'
import { EMPTY_SET, SET_FIELDS, setEdit } from '../collection/index'
import type { Edit } from '../collection/index'
import type { Snapshot } from './snapshot-repo'

export function countsOf(s: Snapshot): CollectionCountsDto {
  const sets = [...s.sets.values()]
  const figs = [...s.minifigs.values()]
  return {
    setsOwned: sets.filter((v) => v.owned).length,
    unitsOwned: sets.reduce((n, v) => n + v.qtyOwned, 0),
    setsWanted: sets.filter((v) => v.wanted).length,
    copies: s.copies.size,
    minifigsLoose: figs.reduce((n, m) => n + m.ownedLoose, 0),
    minifigsWanted: figs.filter((m) => m.wanted).length,
    labels: s.labels.filter((l) => l.trim() !== '').length,
    views: s.views?.length ?? 0
  }
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * The absolute edits that turn the current collection into the backup's: every set field,
 * copy, minifigure and flag name that differs. Applied through the edit path, they are one journal
 * entry (one undo) and reach the service like any edit.
 */
export function planRestore(
  current: Snapshot,
  backup: Snapshot,
  newLocalId: () => string
): { edits: Edit[]; changes: number } {
  const edits: Edit[] = []
  const targets = new Set<string>()
  const add = (target: string, e: Edit): void => {
    edits.push(e)
    targets.add(target)
  }
  for (const setID of new Set([...current.sets.keys(), ...backup.sets.keys()])) {
    const now = current.sets.get(setID) ?? EMPTY_SET
    const want = backup.sets.get(setID) ?? EMPTY_SET
    for (const field of SET_FIELDS) {
      // Owned follows the quantity on the edit path; it gets its own edit only when that is all.
      if (field === 'owned' && now.qtyOwned !== want.qtyOwned) continue
      if (now[field] !== want[field]) add(`set:${setID}`, setEdit(setID, field, want[field]))
    }
  }
  for (const [localId, c] of backup.copies) {
    const held = current.copies.get(localId)
    if (held && same(held.value, c.value)) continue
    // A copy deleted here since the backup comes back under its own id (its pending delete is
    // replaced); one that is gone altogether comes back as a new copy.
    const id = held || current.tombstones.has(localId) ? localId : newLocalId()
    add(`set:${c.setID}`, { kind: 'copy', setID: c.setID, localId: id, value: c.value })
  }
  for (const [localId, c] of current.copies) {
    if (!backup.copies.has(localId)) {
      add(`set:${c.setID}`, { kind: 'copy', setID: c.setID, localId, value: null })
    }
  }
  for (const number of new Set([...current.minifigs.keys(), ...backup.minifigs.keys()])) {
    const now = current.minifigs.get(number) ?? { ownedLoose: 0, wanted: false }
    const want = backup.minifigs.get(number) ?? { ownedLoose: 0, wanted: false }
    if (!same(now, want))
      add(`minifig:${number}`, { kind: 'minifig', minifigNumber: number, value: want })
  }
  backup.labels.forEach((label, i) => {
    if ((current.labels[i] ?? '') !== label) {
      add(`label:${i + 1}`, { kind: 'label', flagNo: i + 1, value: label })
    }
  })
  return { edits, changes: targets.size }
}
