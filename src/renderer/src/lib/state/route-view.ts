import { detail } from './detail.svelte'
import { focusIntent } from './focus.svelte'
import type { Route } from './nav.svelte'
import { search } from './search.svelte'
import type { Scope } from './search.svelte'

/** The list a route shows, or null for a screen without one. */
export function scopeOf(route: Route): Scope | null {
  const v = route.view
  if (v === 'browse') return { kind: 'all' }
  if (v === 'owned' || v === 'wanted') return { kind: v }
  if (v === 'flag') return { kind: 'flag', flag: route.flag }
  return null
}

/**
 * What a route change does to the screens: the list takes the route's scope, the route's set
 * opens (or the open one closes), and the keyboard follows. Called by the router where the route
 * changes, so no store watches another; `prev` is null for the route the app starts on.
 */
export function showRoute(prev: Route | null, next: Route): void {
  const scope = scopeOf(next)
  if (scope !== null) search.setScope(scope)
  // Opening a set puts the keyboard on it; leaving it puts the keyboard back on its row.
  if (prev !== null && prev.setID !== next.setID) {
    if (next.setID !== null) focusIntent.detail = true
    else focusIntent.list = true
  }
  if (next.setID !== null) void detail.open(next.setID)
  else detail.close()
}
