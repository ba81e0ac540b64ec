import { savedQuery, searchOfView } from '../../src/shared/ipc/channels/views'
import type { SavedQuery, SavedViewDto } from '../../src/shared/ipc/channels/views'
import type { FakeBackend } from './fake-backend'

interface StoredView {
  id: number
  name: string
  /** As the back end reads it: a row may hold what no longer passes the schema. */
  query: unknown
}

/**
 * Saved views in memory behind the fake back end, answering the views channels as main does:
 * names unique whatever their case, counts from the fake's own search, unreadable rows listed as
 * broken.
 */
export class FakeViews {
  rows: StoredView[] = []
  private next = 1

  constructor(private readonly backend: FakeBackend) {
    backend.override('views:list', () => this.list())
    backend.override('views:save', ({ name, query }) => {
      const trimmed = name.trim()
      this.refuseTaken(trimmed, null)
      const id = this.next++
      this.rows.push({ id, name: trimmed, query })
      const saved = this.list().find((v) => v.id === id)
      if (!saved) throw new Error('lost')
      return saved
    })
    backend.override('views:rename', ({ id, name }) => {
      this.refuseTaken(name.trim(), id)
      const row = this.rows.find((r) => r.id === id)
      if (row) row.name = name.trim()
      return this.list()
    })
    backend.override('views:reorder', ({ ids }) => {
      this.rows = ids.flatMap((id) => this.rows.filter((r) => r.id === id))
      return this.list()
    })
    backend.override('views:delete', ({ id }) => {
      this.rows = this.rows.filter((r) => r.id !== id)
      return this.list()
    })
  }

  add(name: string, query: unknown): number {
    const id = this.next++
    this.rows.push({ id, name, query })
    return id
  }

  list(): SavedViewDto[] {
    return this.rows.map((r) => {
      const parsed = savedQuery.safeParse(r.query)
      if (!parsed.success) {
        return {
          id: r.id,
          name: r.name,
          query: null,
          count: null,
          problem: 'Its saved query is no longer valid.'
        }
      }
      return {
        id: r.id,
        name: r.name,
        query: parsed.data,
        count: this.count(parsed.data),
        problem: null
      }
    })
  }

  count(q: SavedQuery): number {
    return this.backend.search({ ...searchOfView(q), limit: 1 }).total
  }

  private refuseTaken(name: string, except: number | null): void {
    if (this.rows.some((r) => r.id !== except && r.name.toLowerCase() === name.toLowerCase())) {
      // What main answers; the fake's handlers report it through `failures` semantics.
      throw Object.assign(new Error(`A saved view is already called "${name}".`), {
        code: 'conflict'
      })
    }
  }
}
