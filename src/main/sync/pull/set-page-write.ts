import { upsertSets } from '../../catalogue/index'
import { recordsInHand } from '../../service/away-list'
import type { AwayList } from '../../service/away-list'
import type { CatalogueSetInput } from '../../catalogue/index'
import { indexInStep } from '../../store/fts'
import type { InStepIndex } from '../../store/fts'
import type { WriteDb } from '../../store/handles'
import { inSlicesOf } from '../../store/slices'
import type { SliceOptions } from '../../store/slices'
import { setSyncValue } from '../../store/sync-state-repo'

/** A key of the sync state (its type is the repo's own). */
type SyncKey = Parameters<typeof setSyncValue>[2]

/** A value of the sync state to write (null removes it). */
export type SyncWrite = readonly [SyncKey, string | null]

/** One page of the catalogue to store, and the sync state that moves with its last rows. */
interface SetPage {
  readonly profileId: number
  readonly sets: readonly CatalogueSetInput[]
  readonly fetchedAt: string
  /** Written in the transaction of the page's last rows: the cursor to the next page, say. */
  readonly state: readonly SyncWrite[]
}

/**
 * A page as the pull hands it to the writer: its records, or the port they come on from the
 * decode worker (service/away-list.ts), read where the page is written.
 */
export type PageToWrite = Omit<SetPage, 'sets'> & {
  readonly sets: SetPage['sets'] | AwayList
}

/** The page with its records in hand, read from their port if they travel on one. */
export async function withRecords(page: PageToWrite): Promise<SetPage> {
  // Decoded and checked by the decode worker, as the records the pull holds itself are.
  const sets = (await recordsInHand(page.sets)) as readonly CatalogueSetInput[]
  return { ...page, sets }
}

/**
 * One page of the figure catalogue, written under its pull's number (minifigs-repo.ts). Its
 * figures are as the service sent them: the writer checks them (figure-page.ts `figuresOf`).
 */
export interface FigurePage {
  readonly profileId: number
  readonly mark: number
  /** As the service sent them, or the port they come on from the decoder (away-list.ts). */
  readonly figures: readonly unknown[] | AwayList
}

/** The end of a figure pull: the figures of older pulls than `mark` removed. */
export interface FigureSweep {
  readonly profileId: number
  readonly mark: number
}

/**
 * Stores a page in slices, each its own short transaction (500 sets are 60-300 ms of work); the
 * state moves with the last, so a crash part way stores the page again, which the guarded upsert
 * makes harmless. The same code runs on the main thread (an in-memory store) and in the set
 * writer's worker (set-writer.ts). A first load's search index is filled in the same
 * transactions while it is in step (store/fts.ts). Returns the set IDs inserted or changed.
 */
export async function writeSetPage(
  db: WriteDb,
  page: SetPage,
  inStep: InStepIndex,
  options: SliceOptions = {}
): Promise<number[]> {
  const ids: number[] = []
  await inSlicesOf(
    db,
    page.sets,
    (part, last) => {
      const changed = upsertSets(db, page.profileId, part, page.fetchedAt)
      indexInStep(db, inStep, changed.length)
      ids.push(...changed)
      if (last) for (const [key, value] of page.state) setSyncValue(db, page.profileId, key, value)
    },
    { first: 100, max: 500, cache: true, ...options }
  )
  return ids
}
