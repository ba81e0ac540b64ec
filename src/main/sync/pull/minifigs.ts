import { nextMinifigPull } from '../../catalogue/index'
import { setSyncValue } from '../../store/sync-state-repo'
import { checkCancelled } from './context'
import type { PullContext } from './context'
import { figureCountOf, figurePageHead } from './figure-page'
import type { FigurePageHead } from './figure-page'
import { setWriter } from './set-writer'
import type { SetWriter } from './set-writer'
import { v3CannotAnswer } from './v3-sets'
import { dropAwayList, isAwayList } from '../../service/away-list'

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
 * Figures handed to the writer in one message, when the page's figures are on this thread (a
 * small answer decoded here). The message's copy (structured clone) is made on the main thread: a
 * whole 500-figure page took 4 ms at load 17, and a search that arrived meanwhile waited for it
 * (issue #25). A part of 100 costs under a ms. Parts are written as later pages are (a figure
 * listed again keeps its last entry); a part the writer refuses ends the pull as a refused page
 * did, with the page's earlier parts written as a crash part way through a page would leave them:
 * the pull counts as not done, and the next one pulls again and sweeps. A page decoded in a worker
 * asks for its figures away (service/away-list.ts): they go from the decoder to the writer and
 * never enter this thread, which in a first demo run spent a quarter of its time, once the sets
 * were searchable, passing figures on.
 */
const PART = 100

/** What a figure page asks of its answer: the figures sent to the thread that writes them. */
const FIGURES_AWAY = { list: 'minifigs' } as const

type Page = FigurePageHead

/** One page, its head checked; null when the service answers nothing (no such page or catalogue). */
async function fetchPage(ctx: PullContext, n: number): Promise<Page | null> {
  const answer: unknown = await ctx.client.v3.getMinifigs(
    { params: JSON.stringify({ pageSize: PAGE, pageNumber: n }) },
    { signal: ctx.signal, listAway: FIGURES_AWAY }
  )
  if (answer === null || answer === undefined) return null
  return figurePageHead(answer)
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
  // The pages and the sweep are written as the set pages are: from the load's writer, on a
  // connection of its own in a worker when the store is a file (set-writer.ts), so a search
  // while the figures arrive waits for no slice of theirs on this thread.
  const writer = setWriter(ctx.store, ctx.signal)
  // How many figures the writer has stored so far: the pull ends when they reach the service's
  // `matches`, or when a page adds none (a service that repeats itself).
  let stored = 0
  try {
    let current: Page = first
    for (let n = 1; ; n++) {
      checkCancelled(ctx.signal)
      const { matches } = current
      const listed = figureCountOf(current)
      // The next page travels while this one is written, unless this one ends the pull even if
      // every figure of it is new; a failure of it waits for the write.
      const next = listed > 0 && stored + listed < matches ? fetchPage(ctx, n + 1) : null
      next?.catch(() => undefined)
      let now: number
      try {
        now = await writePage(writer, ctx.profileId, mark, current.minifigs)
      } catch (e) {
        dropPage(next)
        throw e
      }
      ctx.progress('minifigs', now, matches)
      const last = listed === 0 || now >= matches || now === stored
      stored = now
      if (last) {
        dropPage(next)
        break
      }
      // A page of repeats left the pull short of `matches`: the next is asked for now.
      const got = await (next ?? fetchPage(ctx, n + 1))
      if (got === null) break
      current = got
    }
    await writer.sweepFigures({ profileId: ctx.profileId, mark })
  } finally {
    await writer.close()
  }
  const at = ctx.now().toISOString()
  setSyncValue(db, ctx.profileId, 'minifigs_pulled_at', at)
  ctx.progress('minifigs', stored, stored)
  ctx.changed('catalogue', [])
  return true
}

/** A page's figures to the writer: as they came, or in parts when they are on this thread. */
async function writePage(
  writer: SetWriter,
  profileId: number,
  mark: number,
  figures: Page['minifigs']
): Promise<number> {
  if (isAwayList(figures)) return writer.writeFigures({ profileId, mark, figures })
  let stored = await writer.writeFigures({ profileId, mark, figures: figures.slice(0, PART) })
  for (let i = PART; i < figures.length; i += PART) {
    stored = await writer.writeFigures({ profileId, mark, figures: figures.slice(i, i + PART) })
  }
  return stored
}

/** A page asked for ahead that will not be written: its figures, if they went away, are dropped. */
function dropPage(page: Promise<Page | null> | null): void {
  page
    ?.then((p) => {
      dropAwayList(p?.minifigs)
    })
    .catch(() => undefined)
}
