import type { SavedQuery } from '../../shared/ipc/channels/views'
import type { ReadDb, WriteDb } from '../store/handles'
import { transaction } from '../store/handles'
import { readQuery } from './views-handlers'
import { insertView, nameKey, setViewQuery, viewRows } from './views-repo'
import type { ViewRow } from './views-repo'

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

/**
 * The file's views, each name once (the first it lists), with the profile's view of that name,
 * if it has one: what the plan counts and the merge writes. The profile's views are read once,
 * at the first step, before the merge writes any.
 */
function* byName(
  db: ReadDb,
  profileId: number,
  views: readonly PortableView[]
): Generator<{ readonly view: PortableView; readonly row: ViewRow | undefined }> {
  const held = new Map(viewRows(db, profileId).map((r) => [nameKey(r.name), r]))
  const seen = new Set<string>()
  for (const view of views) {
    const key = nameKey(view.name)
    if (seen.has(key)) continue
    seen.add(key)
    yield { view, row: held.get(key) }
  }
}

/** What `mergeViews` would do, without doing it. */
export function planViewMerge(
  db: ReadDb,
  profileId: number,
  views: readonly PortableView[]
): ViewMerge {
  let added = 0
  let replaced = 0
  for (const { view, row } of byName(db, profileId, views)) {
    if (!row) added++
    else if (!same(view.query, row.query)) replaced++
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
    for (const { view, row } of byName(db, profileId, views)) {
      const text = JSON.stringify(view.query)
      if (!row) insertView(db, profileId, view.name, text, now)
      else if (!same(view.query, row.query)) setViewQuery(db, profileId, row.id, text)
    }
    return plan
  })
}
