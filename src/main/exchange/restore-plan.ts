import { z } from 'zod'
import { AppError } from '../../shared/errors'
import { STORED_SET_FIELDS, storedCopy, storedMinifig } from '../../shared/ipc/channels/collection'
import { savedQuery } from '../../shared/ipc/channels/views'
import { readStoredJson } from '../../shared/parse-json'
import type { CollectionCountsDto } from '../../shared/model/exchange'
import { EMPTY_SET, SET_FIELDS, isBlank, setEdit } from '../collection/index'
import type { Edit } from '../collection/index'
import type { Snapshot } from './snapshot-repo'

/**
 * The most rows one restore may put in the outbox: a whole 20,000-set collection restored onto
 * an empty one is about 45,000. Beyond this the restore is refused before anything is written.
 */
export const MAX_SERVICE_WRITES = 100_000

export function tooManyWrites(n: number): AppError {
  return new AppError(
    'invalid_input',
    `This restore would send ${n} changes to the service, more than one restore may send ` +
      `(${MAX_SERVICE_WRITES}).`,
    { field: 'data' }
  )
}

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
  newLocalId: () => string,
  /** A fresh install's restore: copies keep their ids, so they stay the service's records. */
  keepCopyIds = false
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
    const id = held || current.tombstones.has(localId) || keepCopyIds ? localId : newLocalId()
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

/**
 * Whether a restore lands on a fresh install: one that never read its collection from the service
 * and holds nothing of its own. Its values are blanks, not the service's, and an edit based on a
 * blank would be a conflict wherever the service holds anything; the backup knows better what
 * the service had, so the restore takes the backup's unsent edits as they were (restore-apply.ts).
 */
export function isFresh(current: Snapshot, pulledAt: string | null, lastOutboxId: number): boolean {
  return (
    pulledAt === null &&
    lastOutboxId === 0 &&
    current.sets.size === 0 &&
    current.copies.size === 0 &&
    current.tombstones.size === 0 &&
    current.minifigs.size === 0
  )
}

/**
 * The rows a restore onto a fresh install sends: the backup's own unsent edits, and copies the
 * service never had. The rest the service already holds.
 */
export function freshServiceWrites(
  backup: Snapshot,
  unsentBases: ReadonlyMap<string, string>,
  copyRecords: ReadonlyMap<string, number>
): number {
  const unrecorded = [...backup.copies.keys()].filter(
    (id) => !copyRecords.has(id) && !unsentBases.has(`copy:${id} copy`)
  ).length
  return unsentBases.size + unrecorded
}

/** What a restore may touch, and what it must leave and say so. */
interface RestoreScope {
  readonly current: Snapshot
  readonly backup: Snapshot
  /** Sets the backup names that the catalogue does not hold: not restored. */
  readonly unknownSets: readonly number[]
  /** Sets whose copies with details outnumber the quantity: the edit path refuses that. */
  readonly overFloor: readonly number[]
}

/**
 * Narrows both sides to what the edit path would accept: sets in the catalogue whose rows passed,
 * copies whose rows passed, and no set whose copies with details outnumber its quantity. What is
 * left out is left as it is in the collection (neither side names it, so no edit touches it).
 */
export function scopeRestore(
  current: Snapshot,
  backup: Snapshot,
  catalogue: ReadonlySet<number>,
  refusedSets: ReadonlySet<number>,
  refusedCopies: ReadonlySet<string>
): RestoreScope {
  const named = new Set([...backup.sets.keys(), ...[...backup.copies.values()].map((c) => c.setID)])
  const unknownSets = [...named].filter((id) => !catalogue.has(id)).sort((a, b) => a - b)
  const detailed = new Map<number, number>()
  for (const c of backup.copies.values()) {
    if (!isBlank(c.value)) detailed.set(c.setID, (detailed.get(c.setID) ?? 0) + 1)
  }
  const overFloor = [...detailed]
    .filter(([id, n]) => catalogue.has(id) && n > (backup.sets.get(id) ?? EMPTY_SET).qtyOwned)
    .map(([id]) => id)
  const skip = new Set(overFloor)
  const keepSet = (id: number): boolean =>
    catalogue.has(id) && !refusedSets.has(id) && !skip.has(id)
  const narrow = (s: Snapshot): Snapshot => ({
    ...s,
    sets: new Map([...s.sets].filter(([id]) => keepSet(id))),
    copies: new Map(
      [...s.copies].filter(([localId, c]) => keepSet(c.setID) && !refusedCopies.has(localId))
    )
  })
  return { current: narrow(current), backup: narrow(backup), unknownSets, overFloor }
}

/**
 * The rows the outbox gets when the edits are applied: one per field that changes, owned and
 * quantity moving together as the edit path expands them (edits.ts).
 */
export function serviceWritesOf(edits: readonly Edit[], current: Snapshot): number {
  let n = 0
  const pairs = new Map<number, { owned: boolean; qtyOwned: number }>()
  for (const e of edits) {
    if (e.kind !== 'set' || (e.field !== 'owned' && e.field !== 'qtyOwned')) {
      n++
      continue
    }
    const cur = pairs.get(e.setID) ?? current.sets.get(e.setID) ?? EMPTY_SET
    pairs.set(
      e.setID,
      e.field === 'owned'
        ? { owned: e.value, qtyOwned: e.value ? Math.max(cur.qtyOwned, 1) : 0 }
        : { owned: e.value > 0, qtyOwned: e.value }
    )
  }
  for (const [id, next] of pairs) {
    const was = current.sets.get(id) ?? EMPTY_SET
    n += (was.owned !== next.owned ? 1 : 0) + (was.qtyOwned !== next.qtyOwned ? 1 : 0)
  }
  return n
}

/** A snapshot as text, to cross between threads without the main thread rebuilding it. */
export function snapshotToJson(s: Snapshot): string {
  return JSON.stringify({
    sets: [...s.sets],
    copies: [...s.copies],
    tombstones: [...s.tombstones],
    minifigs: [...s.minifigs],
    labels: s.labels,
    views: s.views
  })
}

/**
 * A snapshot as `snapshotToJson` writes it. The text goes from the backup worker's preview to the
 * main thread and back to the worker's apply: read back through this schema, as every text is.
 */
const snapshotJson = z.object({
  sets: z.array(z.tuple([z.number(), z.object(STORED_SET_FIELDS)])),
  copies: z.array(z.tuple([z.string(), z.object({ setID: z.number(), value: storedCopy })])),
  tombstones: z.array(z.string()),
  minifigs: z.array(z.tuple([z.string(), storedMinifig])),
  labels: z.array(z.string()),
  views: z.array(z.object({ name: z.string(), query: savedQuery })).nullable()
})

export function snapshotFromJson(text: string): Snapshot {
  const o = readStoredJson(snapshotJson, text, 'The restore being applied')
  return {
    sets: new Map(o.sets),
    copies: new Map(o.copies),
    tombstones: new Set(o.tombstones),
    minifigs: new Map(o.minifigs),
    labels: o.labels,
    views: o.views
  }
}
