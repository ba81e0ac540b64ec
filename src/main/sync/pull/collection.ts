import { AppError } from '../../../shared/errors'
import { flagLabelsOf } from '../../../shared/protocol/v3-flag-labels'
import type { FlagLabel } from '../../../shared/protocol/v3-flag-labels'
import { collectionPull } from '../../collection/index'
import type { ServerMinifig, ServerSetState } from '../../collection/index'
import { transaction } from '../../store/handles'
import { setSyncValue } from '../../store/sync-state-repo'
import { PAGE_SIZE } from './catalogue'
import { figuresToStore, v2Figures } from '../../../shared/protocol/minifig-collection'
import type { CollectionFigure } from '../../../shared/protocol/minifig-collection'
import { rejectionsOf } from '../../../shared/protocol/record-tolerance'
import type { RecordRejection } from '../../../shared/protocol/record-tolerance'
import { v3PageRefusal } from '../../../shared/protocol/v3-sets'
import type { V3SetsAnswer } from '../../../shared/protocol/v3-set-records'
import { v3CannotAnswer } from './v3-sets'
import { checkCancelled, v2GetSets, v3GetSets } from './context'
import type { PullContext } from './context'
import { inCollectionTurn } from '../collection-turn'

/**
 * The user's sets the service listed but the client could not read (left out, issue 27): unknown,
 * so never read as "no longer yours". One without a usable setID leaves every set unknown.
 */
interface Unread {
  readonly setIDs: Set<number>
  unnamed: boolean
}

/** Counts the left-out records and remembers whose they were. */
function noteUnread(
  ctx: PullContext,
  unread: Unread,
  operation: string,
  rejected: readonly RecordRejection[]
): void {
  if (rejected.length === 0) return
  ctx.unreadable?.('sets', operation, rejected)
  for (const r of rejected) {
    // Only a usable setID names a set: one left out for its id itself (-1, 0, 1.5) names none,
    // and the set it stood for must not read as gone.
    if (typeof r.id === 'number' && Number.isInteger(r.id) && r.id > 0) unread.setIDs.add(r.id)
    else unread.unnamed = true
  }
}

/**
 * Owned and wanted sets with flags and rating through v3 getSets; null when v3 is not offered.
 * Each page comes checked by the client's decoder; paging runs until the answer's total has arrived.
 */
async function userSetsV3(ctx: PullContext, unread: Unread): Promise<ServerSetState[] | null> {
  const out = new Map<number, ServerSetState>()
  for (const which of ['owned', 'wanted'] as const) {
    let got = 0
    for (let page = 1; ; page++) {
      let result: V3SetsAnswer | null
      try {
        result = await v3GetSets(ctx, {
          params: JSON.stringify({ [which]: 1, pageSize: PAGE_SIZE, pageNumber: page })
        })
      } catch (e) {
        if (v3CannotAnswer(e)) return null
        throw e
      }
      if (result === null) return null
      // Checked record by record by the client's decoder: a record it could not read is left
      // out and counted; only a page where most fail is refused (docs/protocol.md §4a).
      const answer = result
      const refusal = v3PageRefusal(answer.sets.length, answer.rejected)
      if (refusal !== null) throw refusal
      noteUnread(ctx, unread, 'getSets', answer.rejected)
      for (const s of answer.sets) {
        const c = s.collection
        const was = out.get(s.flat.setID)
        // The list a record came in says what it is: a null or missing owned in the owned list is
        // not "not owned", and a set on both lists keeps what either said (docs/protocol.md §4a).
        out.set(s.flat.setID, {
          setID: s.flat.setID,
          owned: which === 'owned' || (c?.owned ?? false) || (was?.owned ?? false),
          wanted: which === 'wanted' || (c?.wanted ?? false) || (was?.wanted ?? false),
          qtyOwned: c?.qtyOwned ?? 0,
          notes: c?.notes ?? '',
          rating: Math.round(c?.rating ?? 0),
          // Not told (production's records carry no flags): the user's flags stand.
          flags: c?.flags ?? null
        })
      }
      got += answer.sets.length + answer.rejected.length
      if (got >= answer.matches) break
      // Short of the total: applying the rest as "not yours any more" would remove real sets.
      if (answer.sets.length + answer.rejected.length === 0) {
        throw new AppError(
          'service_error',
          `The service listed ${got} of your ${answer.matches} ${which} sets and stopped; nothing was changed.`,
          { operation: 'getSets', service: 'v3' }
        )
      }
    }
  }
  return [...out.values()]
}

async function userSetsV2(ctx: PullContext, unread: Unread): Promise<ServerSetState[]> {
  const out = new Map<number, ServerSetState>()
  for (const which of ['owned', 'wanted'] as const) {
    const seen = new Set<number>()
    for (let page = 1; ; page++) {
      const sets = await v2GetSets(ctx, {
        [which]: '1',
        orderBy: 'Number',
        pageSize: String(PAGE_SIZE),
        pageNumber: String(page)
      })
      noteUnread(ctx, unread, 'getSets', rejectionsOf(sets))
      // No total in v2: a short page may be the service's own cap, so only a page that brings
      // nothing new ends the list (also when a service ignores pageNumber).
      if (!sets.some((s) => !seen.has(s.setID))) break
      for (const s of sets) {
        seen.add(s.setID)
        out.set(s.setID, {
          setID: s.setID,
          owned: s.owned,
          wanted: s.wanted,
          qtyOwned: s.qtyOwned,
          notes: s.userNotes ?? '',
          rating: Math.round(Number(s.userRating ?? '0')) || 0,
          flags: null
        })
      }
    }
  }
  return [...out.values()]
}

/** The figures to store; those left out are counted (the rest of the answer is stored). */
function storedFigures(
  ctx: PullContext,
  answer: Parameters<typeof figuresToStore>[0],
  version: 'v2' | 'v3'
): readonly CollectionFigure[] {
  const kept = figuresToStore(answer, version)
  if (kept.rejected.length > 0) ctx.unreadable?.('minifigs', 'getMinifigCollection', kept.rejected)
  return kept.minifigs
}

/** v3 asks for owned and for wanted figures explicitly: empty params are refused (production). */
async function minifigsV3(ctx: PullContext): Promise<ServerMinifig[] | null> {
  const out = new Map<string, ServerMinifig>()
  for (const which of ['owned', 'wanted'] as const) {
    // Checked figure by figure by the client's decoder (minifig-collection.ts).
    const answer = await ctx.client.v3.getMinifigCollection(
      { Params: JSON.stringify({ [which]: 1 }) },
      { signal: ctx.signal }
    )
    if (answer === null) return null
    for (const m of storedFigures(ctx, answer, 'v3')) out.set(m.minifigNumber, m)
  }
  return [...out.values()]
}

async function pullMinifigs(ctx: PullContext): Promise<readonly ServerMinifig[]> {
  try {
    const found = await minifigsV3(ctx)
    if (found) return found
  } catch (e) {
    if (!v3CannotAnswer(e)) throw e
  }
  const v2 = await ctx.client.v2.getMinifigCollection({}, { signal: ctx.signal })
  return storedFigures(ctx, v2Figures(v2, rejectionsOf(v2)), 'v2')
}

async function pullLabels(ctx: PullContext): Promise<FlagLabel[]> {
  try {
    return flagLabelsOf(await ctx.client.v3.getUserFlagLabels({}, { signal: ctx.signal }))
  } catch (e) {
    if (v3CannotAnswer(e)) return []
    throw e
  }
}

/**
 * The user's collection from the service. Anything with an outbox row (a local edit not yet
 * confirmed) is left alone: the pusher owns it until the service confirmed it. No push round
 * confirms anything from the first read to the last write (collection-turn.ts).
 */
export function pullCollection(ctx: PullContext): Promise<void> {
  return inCollectionTurn(ctx.store, () => pullCollectionNow(ctx))
}

async function pullCollectionNow(ctx: PullContext): Promise<void> {
  const db = ctx.store.write
  const id = ctx.profileId
  ctx.progress('collection', 0, 6)
  const unread: Unread = { setIDs: new Set(), unnamed: false }
  const sets = (await userSetsV3(ctx, unread)) ?? (await userSetsV2(ctx, unread))
  // A set listed but unreadable is unknown, not gone: it is neither changed nor cleared.
  const unknown = (setID: number) => unread.unnamed || unread.setIDs.has(setID)
  ctx.progress('collection', 1, 6)
  checkCancelled(ctx.signal)
  const notes = await ctx.client.v2.getUserNotes({}, { signal: ctx.signal })
  ctx.progress('collection', 2, 6)
  const minifigs = await pullMinifigs(ctx)
  ctx.progress('collection', 3, 6)
  const labels = await pullLabels(ctx)
  const totals = await ctx.client.v2.getCollectionTotals({}, { signal: ctx.signal })
  ctx.progress('collection', 4, 6)

  const now = ctx.now().toISOString()
  const changed = new Set<number>()
  const onServer = new Set(sets.map((s) => s.setID))
  // Only rows that clearing would change: a set cleared on an earlier sync holds nothing, and
  // must not cost a credential check on every sync after.
  const held = collectionPull.clearableSetIds(db, id)
  const editing = collectionPull.targetsWithEdits(db, id)
  const removing = held.some(
    (setID) => !onServer.has(setID) && !editing.has(`set:${setID}`) && !unknown(setID)
  )
  const zeroTotals = totals !== null && totals.totalSetsOwned + totals.totalSetsWanted === 0
  if (removing || (zeroTotals && held.length > 0)) {
    await ctx.confirmBeforeRemoving()
  }
  transaction(db, () => {
    // Read again: the user may have edited while the credentials were being confirmed.
    const busy = collectionPull.targetsWithEdits(db, id)
    for (const s of sets) {
      if (busy.has(`set:${s.setID}`)) continue
      if (collectionPull.applySetState(db, id, s, now)) changed.add(s.setID)
    }
    // Sets we hold that the service no longer lists as owned or wanted were cleared elsewhere.
    for (const setID of collectionPull.localSetIds(db, id)) {
      if (onServer.has(setID) || busy.has(`set:${setID}`) || unknown(setID)) continue
      const cleared: ServerSetState = {
        setID,
        owned: false,
        wanted: false,
        qtyOwned: 0,
        notes: '',
        rating: 0,
        // No list shows this set, so nothing told its flags: the user's stand (issue 27).
        flags: null
      }
      if (collectionPull.applySetState(db, id, cleared, now)) changed.add(setID)
    }
    for (const n of notes) {
      if (busy.has(`set:${n.setID}`) || onServer.has(n.setID)) continue
      if (collectionPull.setNotesOnly(db, id, n.setID, n.userNotes ?? '', now)) changed.add(n.setID)
    }
    for (const m of minifigs) {
      if (!busy.has(`minifig:${m.minifigNumber}`)) collectionPull.applyMinifig(db, id, m, now)
    }
    for (const l of labels) {
      if (l.flagNo >= 1 && l.flagNo <= 8 && !busy.has(`label:${l.flagNo}`)) {
        collectionPull.setFlagLabel(db, id, l.flagNo, l.label)
      }
    }
    if (totals) collectionPull.setTotals(db, id, totals, now)
  })

  // Copy records of owned sets, and of sets we hold copies of that the service no longer owns:
  // it dropped their records with the quantity, so their copies must not outlive it here.
  const owned = sets.filter((s) => s.owned).map((s) => s.setID)
  const ownedHere = new Set(owned)
  const dropped = collectionPull
    .localSetIds(db, id)
    .filter(
      (setID) =>
        !ownedHere.has(setID) &&
        !unknown(setID) &&
        collectionPull.localCopyIds(db, id, setID).some((c) => c.collection_id !== null)
    )
  const copySets = [...owned, ...dropped]
  for (const setID of dropped) changed.add(setID)
  for (const [i, setID] of copySets.entries()) {
    checkCancelled(ctx.signal)
    const details = await ctx.client.v2.getCollectionDetail(
      { SetID: String(setID) },
      { signal: ctx.signal }
    )
    const known = new Set(details.map((d) => d.collectionID))
    if (
      collectionPull
        .localCopyIds(db, id, setID)
        .some((c) => c.collection_id !== null && !known.has(c.collection_id))
    ) {
      await ctx.confirmBeforeRemoving()
    }
    transaction(db, () => {
      collectionPull.applyCopies(
        db,
        id,
        setID,
        details,
        collectionPull.targetsWithEdits(db, id),
        now
      )
    })
    ctx.progress('collection', i + 1, copySets.length)
  }
  setSyncValue(db, id, 'collection_pulled_at', now)
  ctx.changed('collection', [...changed])
}
