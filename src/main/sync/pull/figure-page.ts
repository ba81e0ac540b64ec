import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { MINIFIG_NUMBER } from '../../catalogue/index'
import type { CatalogueMinifigInput } from '../../catalogue/index'
import { isAwayList, keyOf } from '../../service/away-list'
import type { AwayList } from '../../service/away-list'

/**
 * A page of v3 getMinifigs (docs/protocol.md §5b). The pull reads only its head on the main
 * thread (`matches`, and that `minifigs` is a list); each figure is checked where it is written,
 * in the set writer (set-writer.ts), so the main thread spends no time on 500 figures' checks a
 * page (5-10 ms each, the largest cost it had left while the figures arrived; issue #25).
 */

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

const head = z.object({
  matches: z.number().int().min(0),
  minifigs: z.union([z.array(z.unknown()), z.custom<AwayList>(isAwayList)])
})

/**
 * A page as the pull holds it: its figures not yet checked, or still on their way from the
 * decoder to the writer (service/away-list.ts), with their numbers beside them.
 */
export type FigurePageHead = z.infer<typeof head>

const notValid = (): AppError =>
  new AppError('bad_record', 'The service sent a list of minifigures that is not valid.', {
    operation: 'getMinifigs',
    service: 'v3'
  })

/** The page's head, checked; its figures are checked by `figuresOf`. */
export function figurePageHead(answer: unknown): FigurePageHead {
  const parsed = head.safeParse(answer)
  if (!parsed.success) throw notValid()
  return parsed.data
}

/** The numbers of a page's figures ('' for one without), to count what has come. */
export function figureNumbersOf(figures: FigurePageHead['minifigs']): readonly string[] {
  if (!isAwayList(figures)) return figures.map((f) => keyOf(f, 'minifigNumber'))
  // Never counted as a page that adds no figure: the pull would end there, and its sweep
  // remove every figure of the pages not asked for.
  if (figures.keys === undefined) {
    throw new AppError('internal', 'A page of minifigures came without its figures’ numbers.')
  }
  return figures.keys
}

/** Every figure of a page checked whole and read as stored, or the page refused. */
export function figuresOf(raw: readonly unknown[]): CatalogueMinifigInput[] {
  const parsed = z.array(figure).safeParse(raw)
  if (!parsed.success) throw notValid()
  return parsed.data.map((f) => ({
    minifigNumber: f.minifigNumber,
    name: f.name ?? '',
    category: f.category ?? '',
    thumbnailUrl: f.image?.thumbnailURL || null,
    imageUrl: f.image?.imageURL || null,
    sets: f.sets ?? []
  }))
}
