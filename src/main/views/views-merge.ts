import type { SavedQuery } from '../../shared/ipc/channels/views'
import type { ReadDb, WriteDb } from '../store/handles'
import { transaction } from '../store/handles'
import { readQuery } from './views-handlers'
import { insertView, nameKey, setViewQuery, viewRows } from './views-repo'

/** A view as a backup or a full export carries it: its name and its query. */
export interface PortableView {
  readonly name: string
  readonly query: SavedQuery
}

/** The profile's views that can be read, in order: what a full export carries. */
export function portableViews(db: ReadDb, profileId: number): PortableView[] {
  return viewRows(db, profileId).flatMap((r) => {
    const read = readQuery(r.query)
    return 'query' in read ? [{ name: r.name, query: read.query }] : []
  })
}

export interface ViewMerge {
  /** Views of a name the profile does not have: added after its own. */
  readonly added: number
  /** Views of a name it has, with another query: that view takes the file's query. */
  readonly replaced: number
}

const same = (a: SavedQuery, b: string): boolean => {
  const read = readQuery(b)
  return 'query' in read && JSON.stringify(read.query) === JSON.stringify(a)
}

/** What `mergeViews` would do, without doing it. */
export function planViewMerge(
  db: ReadDb,
  profileId: number,
  views: readonly PortableView[]
): ViewMerge {
  const held = new Map(viewRows(db, profileId).map((r) => [nameKey(r.name), r]))
  let added = 0
  let replaced = 0
  const seen = new Set<string>()
  for (const v of views) {
    const key = nameKey(v.name)
    if (seen.has(key)) continue
    seen.add(key)
    const row = held.get(key)
    if (!row) added++
    else if (!same(v.query, row.query)) replaced++
  }
  return { added, replaced }
}

/**
 * Brings a backup's or a file's views in: each one named like one of the profile's replaces that
 * view's query, the others are added after the profile's own in the file's order. Views the file
 * does not name stay. A name the file lists twice counts once (the first).
 */
export function mergeViews(
  db: WriteDb,
  profileId: number,
  views: readonly PortableView[],
  now: string
): ViewMerge {
  return transaction(db, () => {
    const plan = planViewMerge(db, profileId, views)
    const held = new Map(viewRows(db, profileId).map((r) => [nameKey(r.name), r]))
    const seen = new Set<string>()
    for (const v of views) {
      const key = nameKey(v.name)
      if (seen.has(key)) continue
      seen.add(key)
      const row = held.get(key)
      const text = JSON.stringify(v.query)
      if (!row) insertView(db, profileId, v.name, text, now)
      else if (!same(v.query, row.query)) setViewQuery(db, profileId, row.id, text)
    }
    return plan
  })
}
