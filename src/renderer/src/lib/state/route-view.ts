import { detail } from './detail.svelte'
import { focusIntent } from './focus.svelte'
import { nav } from './nav.svelte'
import type { Route } from './nav.svelte'
import { notices } from './notices.svelte'
import { search } from './search.svelte'
import type { Scope } from './search.svelte'
import { views } from './views.svelte'

/** The list a route shows, or null for a screen without one. */
export function scopeOf(route: Route): Scope | null {
  const v = route.view
  if (v === 'browse') return { kind: 'all' }
  if (v === 'owned' || v === 'wanted') return { kind: v }
  if (v === 'flag') return { kind: 'flag', flag: route.flag }
  // A saved view starts from the list its query names.
  if (v === 'view') return search.scope
  return null
}

/** Shows a saved view's query once the views are known; one that cannot be shown leaves. */
async function openView(viewId: number): Promise<void> {
  if (!views.loaded) {
    await views.ready()
    // The user may have gone elsewhere while the list was read.
    if (nav.route.viewId !== viewId) return
  }
  const view = views.byId(viewId)
  if (view?.query) {
    search.load(viewId, view.query)
    return
  }
  notices.info(
    view
      ? `The saved view "${view.name}" cannot be opened: ${view.problem ?? 'its query is not valid.'}`
      : 'That saved view no longer exists.'
  )
  nav.replace('browse')
}

/**
 * What a route change does to the screens: the list takes the route's scope, the route's set
 * opens (or the open one closes), and the keyboard follows. Called by the router where the route
 * changes, so no store watches another; `prev` is null for the route the app starts on.
 */
export function showRoute(prev: Route | null, next: Route): void {
  if (next.viewId !== undefined) void openView(next.viewId)
  else {
    const scope = scopeOf(next)
    if (scope !== null) search.setScope(scope)
  }
  // Opening a set puts the keyboard on it; leaving it puts the keyboard back on its row.
  if (prev !== null && prev.setID !== next.setID) {
    focusIntent.want(next.setID !== null ? 'detail' : 'list')
  }
  if (next.setID !== null) void detail.open(next.setID)
  else detail.close()
}
