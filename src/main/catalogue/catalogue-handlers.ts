import { AppError } from '../../shared/errors'
import type { Handlers } from '../../shared/ipc/contract'
import type { ReviewDto, SetExtrasDto } from '../../shared/model/catalog'
import type { ReviewRecord } from '../../shared/protocol/records'
import { listConditions, listSubthemes, listThemes, replaceConditions } from './catalogue-repo'
import type { Store } from '../store/connection'
import type { FacetPool } from './facet-pool'
import { FUZZY_MIN, foldWord } from './fuzzy-index'
import { fuzzyWords } from './fuzzy-words-repo'
import { searchSets } from './search-repo'
import { mayForgive, withNear } from './search-filters'
import { getSetDetail, loadExtras, plainText, saveExtras } from './set-detail-repo'
import type { Profiles } from '../account/index'
import type { SetStateSql } from './set-state-port'

export type CatalogueHandlers = Pick<
  Handlers,
  | 'catalog:listThemes'
  | 'catalog:listSubthemes'
  | 'catalog:search'
  | 'catalog:getSet'
  | 'catalog:getSetExtras'
  | 'catalog:listConditions'
>

interface CatalogueDeps {
  readonly store: Store
  readonly profiles: Profiles
  /** The user's state of each set, as the collection's SQL (the composition root wires it in). */
  readonly state: SetStateSql
  readonly now?: () => Date
  /** Counts facets off the main thread; without it they are counted inline. */
  readonly facets?: FacetPool
  /** Cached extras younger than this are served without asking the service. */
  readonly extrasMaxAgeMs?: number
}

const DAY_MS = 24 * 60 * 60 * 1000

function reviewOf(r: ReviewRecord): ReviewDto {
  return {
    author: r.author ?? '',
    datePosted: r.datePosted.toISOString(),
    title: plainText(r.title ?? '', r.HTML),
    text: plainText(r.review ?? '', r.HTML),
    overallRating: r.overallRating,
    parts: r.parts,
    buildingExperience: r.buildingExperience,
    playability: r.playability,
    valueForMoney: r.valueForMoney
  }
}

/** Reads answer from SQLite at once; only extras and conditions ask the service, and fall back to the cache. */
export function createCatalogueHandlers(deps: CatalogueDeps): CatalogueHandlers {
  const { store, profiles, state } = deps
  const now = deps.now ?? (() => new Date())
  const maxAge = deps.extrasMaxAgeMs ?? DAY_MS
  const pid = () => profiles.active().id

  async function fetchExtras(setID: number): Promise<SetExtrasDto> {
    const client = profiles.client()
    const [images, instructions, reviews] = await Promise.all([
      client.v2.getAdditionalImages({ setID }),
      client.v2.getInstructions({ setID }),
      client.v2.getReviews({ setID })
    ])
    saveExtras(
      store.write,
      pid(),
      setID,
      {
        images,
        instructions,
        reviews: reviews.map(reviewOf)
      },
      now().toISOString()
    )
    return loadExtras(store.read, pid(), setID)
  }

  return {
    'catalog:listThemes': () => listThemes(store.read, pid()),
    'catalog:listSubthemes': ({ theme }) => listSubthemes(store.read, pid(), theme),
    'catalog:search': async (query) => {
      // A word long enough to have typos forgiven: its candidates from the catalogue's words.
      const q = mayForgive(query.text, FUZZY_MIN)
        ? withNear(query, await fuzzyWords(store.read), foldWord)
        : query
      const pool = deps.facets
      if (!q.facets || pool === undefined) return searchSets(store.read, state, pid(), q)
      // The page now, on this thread; the counts from the worker, while IPC keeps flowing.
      const page = searchSets(store.read, state, pid(), { ...q, facets: false })
      return { ...page, facets: await pool.facets(pid(), q) }
    },
    'catalog:getSet': ({ setID }) => {
      const set = getSetDetail(store.read, state, pid(), setID)
      if (!set) throw new AppError('not_found', 'This set is not in the catalogue.')
      return set
    },
    'catalog:getSetExtras': async ({ setID }) => {
      if (!getSetDetail(store.read, state, pid(), setID)) {
        throw new AppError('not_found', 'This set is not in the catalogue.')
      }
      const cached = loadExtras(store.read, pid(), setID)
      const fresh =
        cached.fetchedAt !== null && now().getTime() - Date.parse(cached.fetchedAt) < maxAge
      if (fresh) return cached
      try {
        return await fetchExtras(setID)
      } catch (e) {
        // Offline or the service failing: what we have is better than an error screen.
        if (e instanceof AppError && (e.retryable || cached.fetchedAt !== null)) return cached
        throw e
      }
    },
    'catalog:listConditions': async ({ which }) => {
      const cached = listConditions(store.read, pid(), which)
      if (cached) return cached
      const r = await profiles.client().v2.getCollectionDetailConditions({ which })
      const list = r.map((c) => c.condition ?? '').filter((c) => c !== '')
      if (list.length > 0) replaceConditions(store.write, pid(), which, list)
      return list
    }
  }
}
