import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { MINIFIG_NUMBER, replaceMinifigCatalogue } from '../../catalogue/index'
import type { CatalogueMinifigInput } from '../../catalogue/index'
import { setSyncValue } from '../../store/sync-state-repo'
import { checkCancelled } from './context'
import type { PullContext } from './context'
import { v3CannotAnswer } from './v3-sets'

/**
 * The catalogue's minifigures (docs/protocol.md §5b): v3 getMinifigs, page by page until its
 * `matches` have arrived, each figure with its pictures and the sets it comes in. Every page is
 * checked whole; the cache is replaced only once all pages are in, so a pull cut off by the
 * network leaves the last complete one. A service that does not offer the operation leaves the figures the user's
 * collection names, and the sync goes on.
 */

const PAGE = 500

const figure = z.object({
  minifigNumber: z.string().regex(MINIFIG_NUMBER),
  name: z.string().max(300).optional(),
  category: z.string().max(300).optional(),
  image: z
    .object({
      thumbnailURL: z.string().max(2000).optional(),
      imageURL: z.string().max(2000).optional()
    })
    .optional(),
  sets: z
    .array(z.object({ setID: z.number().int().positive(), quantity: z.number().int().min(0) }))
    .optional()
})

const page = z.object({
  matches: z.number().int().min(0),
  minifigs: z.array(figure)
})

function inputOf(f: z.infer<typeof figure>): CatalogueMinifigInput {
  return {
    minifigNumber: f.minifigNumber,
    name: f.name ?? '',
    category: f.category ?? '',
    thumbnailUrl: f.image?.thumbnailURL || null,
    imageUrl: f.image?.imageURL || null,
    sets: f.sets ?? []
  }
}

/** Returns false when the service offers no figure catalogue. */
export async function pullMinifigCatalogue(ctx: PullContext): Promise<boolean> {
  const figures = new Map<string, CatalogueMinifigInput>()
  let matches = 0
  for (let n = 1; ; n++) {
    checkCancelled(ctx.signal)
    ctx.progress('minifigs', figures.size, matches)
    let answer: unknown
    try {
      answer = await ctx.client.v3.getMinifigs(
        { params: JSON.stringify({ pageSize: PAGE, pageNumber: n }) },
        { signal: ctx.signal }
      )
    } catch (e) {
      if (n === 1 && v3CannotAnswer(e)) return false
      throw e
    }
    if (answer === null || answer === undefined) {
      if (n === 1) return false
      break
    }
    const parsed = page.safeParse(answer)
    if (!parsed.success) {
      throw new AppError(
        'bad_record',
        'The service sent a list of minifigures that is not valid.',
        {
          operation: 'getMinifigs',
          service: 'v3'
        }
      )
    }
    matches = parsed.data.matches
    const before = figures.size
    for (const f of parsed.data.minifigs) figures.set(f.minifigNumber, inputOf(f))
    if (figures.size >= matches || figures.size === before) break
  }
  const at = ctx.now().toISOString()
  const db = ctx.store.write
  // Written in slices (minifigs-repo.ts): until the last one, the pull counts as not done, so a
  // crash or a cancel part way leaves a mix that the next sync pulls again and sweeps.
  setSyncValue(db, ctx.profileId, 'minifigs_pulled_at', null)
  await replaceMinifigCatalogue(db, ctx.profileId, [...figures.values()], {
    between: () => {
      checkCancelled(ctx.signal)
    }
  })
  setSyncValue(db, ctx.profileId, 'minifigs_pulled_at', at)
  ctx.progress('minifigs', figures.size, figures.size)
  ctx.changed('catalogue', [])
  return true
}
