import { z } from 'zod'
import { channel } from '../define'
import { empty, flagNo, userText } from './common'
import { searchQuery } from './catalog'
import type { SearchQuery } from './catalog'

/** Which list a view starts from, as the sidebar's lists do: all sets, owned, wanted, a flag. */
const viewScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['all', 'owned', 'wanted']) }).strict(),
  z.object({ kind: z.literal('flag'), flag: flagNo }).strict()
])

/**
 * A saved Browse query: the search text, every filter, the list it starts from, and the sort. The
 * same schema checks what the renderer sends and every row read back from the database.
 */
export const savedQuery = searchQuery
  .omit({ offset: true, limit: true, facets: true })
  .extend({ scope: viewScope.default({ kind: 'all' }) })
  .strict()

export type SavedQuery = z.output<typeof savedQuery>

const VIEW_NAME_MAX = 60

/** A view's name: trimmed, not empty, no control characters. */
export const viewName = userText(200)
  .transform((s) => s.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, 'Give the view a name.')
      .max(VIEW_NAME_MAX, `A view's name has at most ${VIEW_NAME_MAX} characters.`)
  )

/**
 * A saved view as the sidebar shows it. A row whose stored query no longer passes the schema is
 * still listed, as broken (`problem` says why, `query` and `count` are null), so it can be deleted.
 */
export interface SavedViewDto {
  readonly id: number
  readonly name: string
  readonly query: SavedQuery | null
  /** How many sets the view matches now. */
  readonly count: number | null
  readonly problem: string | null
  /**
   * Present when `count` was kept from before the catalogue's last change (counting is costly
   * while a sync writes): the list asks again in this many ms.
   */
  readonly recountInMs?: number
}

const viewId = z.number().int().positive()

/** The search a saved query runs: its list's condition joined to its own filters. */
export function searchOfView(q: SavedQuery): SearchQuery {
  const { scope, flags: own = [], ...rest } = q
  const flags = scope.kind === 'flag' && !own.includes(scope.flag) ? [...own, scope.flag] : own
  return {
    ...rest,
    ...(scope.kind === 'owned' ? { owned: true } : {}),
    ...(scope.kind === 'wanted' ? { wanted: true } : {}),
    ...(flags.length > 0 ? { flags: [...flags] } : {})
  }
}

export const viewsChannels = {
  /** The active profile's saved views in their order, each with how many sets it matches now. */
  'views:list': channel<SavedViewDto[]>()(empty),
  /** Saves the query under a new name (a name in use is refused); answers the new view. */
  'views:save': channel<SavedViewDto>()(z.object({ name: viewName, query: savedQuery }).strict()),
  'views:rename': channel<SavedViewDto[]>()(z.object({ id: viewId, name: viewName }).strict()),
  /** The new order: every view's id, each once. */
  'views:reorder': channel<SavedViewDto[]>()(
    z
      .object({ ids: z.array(viewId).max(1000) })
      .strict()
      .refine((v) => new Set(v.ids).size === v.ids.length, {
        message: 'lists a view twice',
        path: ['ids']
      })
  ),
  'views:delete': channel<SavedViewDto[]>()(z.object({ id: viewId }).strict())
} as const
