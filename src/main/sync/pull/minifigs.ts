import { nextMinifigPull } from '../../catalogue/index'
import { setSyncValue } from '../../store/sync-state-repo'
import { checkCancelled } from './context'
import type { PullContext } from './context'
import { dropAwayList, isAwayList } from '../../service/away-list'
import { figureNumbersOf, figurePageHead } from './figure-page'
import type { FigurePageHead } from './figure-page'
import { v3CannotAnswer } from './v3-sets'

/**
 * The catalogue's minifigures (docs/protocol.md §5b): v3 getMinifigs, page by page until its
 * `matches` have arrived, each figure with its pictures and the sets it comes in. Every page is
 * checked whole and written as it arrives (the next one already asked for), so the pull holds
 * about two pages of figures, not the whole catalogue (hundreds of thousands of figures and links
 * at 200,000 sets). Until the last page is in and the figures the service no longer lists are
 * swept, the pull counts as not done: a pull cut off by the network, a cancel or a crash leaves
 * the old list with part of the new one over it (never fewer figures), and the next sync pulls
 * again. A service that does not offer the operation leaves the figures the user's collection
 * names, and the sync goes on.
 */

const PAGE = 500

/**
 * A page's figures go from the decoder to the writer without entering this thread (its port is
 * handed on: service/away-list.ts); only their numbers come here, to count them. Decoded here
 * (a small page, no decoder), they are handed to the writer in parts of this many: the message's
 * copy (structured clone) is made on this thread, 4 ms for a whole 500-figure page at load 17,
 * and a search that arrived meanwhile waited for it (issue #25). Parts are written as later pages
 * are (a figure listed again keeps its last entry); a part the writer refuses ends the pull as a
 * refused page did, with the page's earlier parts written as a crash part way through a page
 * would leave them: the pull counts as not done, and the next one pulls again and sweeps.
 */
const PART = 100

/** The page's figures go to the writer's thread, with their numbers beside them for the count. */
const FIGURES_AWAY = { list: 'minifigs', keys: 'minifigNumber' } as const

type Page = FigurePageHead

/** One page, its head checked; null when the service answers nothing (no such page or catalogue). */
async function fetchPage(ctx: PullContext, n: number): Promise<Page | null> {
  const answer: unknown = await ctx.client.v3.getMinifigs(
    { params: JSON.stringify({ pageSize: PAGE, pageNumber: n }) },
    { signal: ctx.signal, listAway: FIGURES_AWAY }
  )
  if (answer === null || answer === undefined) return null
  try {
    return figurePageHead(answer)
  } catch (e) {
    dropAwayList(typeof answer === 'object' && 'minifigs' in answer ? answer.minifigs : null)
    throw e
  }
}

/** Returns false when the service offers no figure catalogue. */
export async function pullMinifigCatalogue(ctx: PullContext): Promise<boolean> {
  checkCancelled(ctx.signal)
  ctx.progress('minifigs', 0, 0)
  let first: Page | null
  try {
    first = await fetchPage(ctx, 1)
  } catch (e) {
    if (v3CannotAnswer(e)) return false
    throw e
  }
  if (first === null) return false
  const db = ctx.store.write
  // Written as it arrives (minifigs-repo.ts): until the sweep is done, the pull counts as not
  // done, so a crash, a cancel or a cut-off part way leaves a mix that the next sync pulls again
  // and sweeps.
  setSyncValue(db, ctx.profileId, 'minifigs_pulled_at', null)
  const mark = nextMinifigPull(db, ctx.profileId)
  // The pages and the sweep are written as the set pages are: from the sync's writer, on a
  // connection of its own in a worker when the store is a file (set-writer.ts), so a search
  // while the figures arrive waits for no slice of theirs on this thread.
  const { writer, signal } = ctx
  // Figure numbers only, to know when the service's `matches` are all in (or a page adds none).
  const seen = new Set<string>()
  let current: Page | null = first
  let next: Promise<Page | null> | null = null
  try {
    for (let n = 1; current !== null; n++) {
      checkCancelled(ctx.signal)
      const { matches, minifigs }: Page = current
      const before = seen.size
      // Unchecked yet (the writer checks the page whole before writing any of it): a figure
      // without a number refuses the page there.
      for (const number of figureNumbersOf(minifigs)) seen.add(number)
      const last: boolean = seen.size >= matches || seen.size === before
      // The next page travels while this one is written; a failure of it waits for the write.
      next = last ? null : fetchPage(ctx, n + 1)
      next?.catch(() => undefined)
      // Handed over from here: the writer reads the page's port, or has its parts.
      current = null
      if (isAwayList(minifigs)) {
        await writer.writeFigures({ profileId: ctx.profileId, mark, figures: minifigs }, signal)
      } else {
        for (let i = 0; i < minifigs.length; i += PART) {
          const figures = minifigs.slice(i, i + PART)
          await writer.writeFigures({ profileId: ctx.profileId, mark, figures }, signal)
        }
      }
      ctx.progress('minifigs', seen.size, matches)
      current = next === null ? null : await next
      next = null
    }
  } catch (e) {
    // Pages not written: the figures queued for the writer on their ports are dropped.
    dropAwayList(current?.minifigs)
    next?.then(
      (p) => {
        dropAwayList(p?.minifigs)
      },
      () => undefined
    )
    throw e
  }
  await writer.sweepFigures({ profileId: ctx.profileId, mark }, signal)
  const at = ctx.now().toISOString()
  setSyncValue(db, ctx.profileId, 'minifigs_pulled_at', at)
  ctx.progress('minifigs', seen.size, seen.size)
  ctx.changed('catalogue', [])
  return true
}
