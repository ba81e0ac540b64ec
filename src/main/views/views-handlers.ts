import { AppError } from '../../shared/errors'
import { searchQuery } from '../../shared/ipc/channels/catalog'
import { savedQuery, searchOfView } from '../../shared/ipc/channels/views'
import type { SavedQuery, SavedViewDto } from '../../shared/ipc/channels/views'
import type { Handlers } from '../../shared/ipc/contract'
import { countSearchKept } from '../catalogue/index'
import type { Counted } from '../catalogue/index'
import { setStateSql } from '../collection/index'
import type { Store } from '../store/connection'
import type { ReadDb } from '../store/handles'
import { transaction } from '../store/handles'
import { deleteView, insertView, renameView, setViewOrder, viewNamed, viewRows } from './views-repo'
import type { ViewRow } from './views-repo'

type Channels = 'views:list' | 'views:save' | 'views:rename' | 'views:reorder' | 'views:delete'

/** The views handlers answer at once (one SQLite read or write each), never with a promise. */
export type ViewsHandlers = {
  [K in Channels]: (input: Parameters<Handlers[K]>[0]) => Awaited<ReturnType<Handlers[K]>>
}

interface ViewsDeps {
  readonly store: Store
  readonly profileId: () => number
  readonly now?: () => Date
}

/** A stored query read back: checked by the contract's schema, or why it no longer reads. */
export function readQuery(text: string): { query: SavedQuery } | { problem: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { problem: 'Its saved query is not readable.' }
  }
  const parsed = savedQuery.safeParse(json)
  if (parsed.success) return { query: parsed.data }
  const issue = parsed.error.issues[0]
  const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : ''
  return { problem: `Its saved query is no longer valid${where}.` }
}

/** How many of the profile's sets a query matches, and when a count kept meanwhile is made again. */
function countView(db: ReadDb, profileId: number, query: SavedQuery): Counted {
  return countSearchKept(db, setStateSql, profileId, searchQuery.parse(searchOfView(query)))
}

function dtoOf(db: ReadDb, profileId: number, row: ViewRow): SavedViewDto {
  const read = readQuery(row.query)
  if ('problem' in read) {
    return { id: row.id, name: row.name, query: null, count: null, problem: read.problem }
  }
  const { n, recountInMs } = countView(db, profileId, read.query)
  return {
    id: row.id,
    name: row.name,
    query: read.query,
    count: n,
    problem: null,
    ...(recountInMs === undefined ? {} : { recountInMs })
  }
}

function listViews(db: ReadDb, profileId: number): SavedViewDto[] {
  return viewRows(db, profileId).map((r) => dtoOf(db, profileId, r))
}

const taken = (name: string): AppError =>
  new AppError(
    'conflict',
    `A saved view is already called "${name}". Choose another name, or rename that view first.`,
    { field: 'name' }
  )

const missing = (): AppError =>
  new AppError('not_found', 'That saved view no longer exists.', { field: 'id' })

/**
 * Saved views: a Browse query kept by name. Counts come from the catalogue's own count, so a
 * view's number is the total its list shows; they are cached until the next write.
 */
export function createViewsHandlers(deps: ViewsDeps): ViewsHandlers {
  const { store } = deps
  const now = deps.now ?? (() => new Date())
  const pid = deps.profileId
  const list = (): SavedViewDto[] => listViews(store.read, pid())

  return {
    'views:list': () => list(),
    'views:save': ({ name, query }) => {
      const p = pid()
      const id = transaction(store.write, () => {
        if (viewNamed(store.write, p, name) !== null) throw taken(name)
        return insertView(store.write, p, name, JSON.stringify(query), now().toISOString())
      })
      const saved = list().find((v) => v.id === id)
      if (!saved) throw missing()
      return saved
    },
    'views:rename': ({ id, name }) => {
      const p = pid()
      transaction(store.write, () => {
        const holder = viewNamed(store.write, p, name)
        if (holder !== null && holder !== id) throw taken(name)
        if (!renameView(store.write, p, id, name)) throw missing()
      })
      return list()
    },
    'views:reorder': ({ ids }) => {
      const p = pid()
      transaction(store.write, () => {
        const have = viewRows(store.write, p).map((r) => r.id)
        const given = new Set(ids)
        if (have.length !== ids.length || !have.every((id) => given.has(id))) {
          throw new AppError(
            'invalid_input',
            'The saved views changed meanwhile; the order was not saved.',
            { field: 'ids' }
          )
        }
        setViewOrder(store.write, p, ids)
      })
      return list()
    },
    'views:delete': ({ id }) => {
      if (!deleteView(store.write, pid(), id)) throw missing()
      return list()
    }
  }
}
