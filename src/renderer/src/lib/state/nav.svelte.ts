/** The views of the user's own collection: signed out, they say it does not sync (App). */
const COLLECTION_VIEWS = [
  'owned',
  'wanted',
  'flag',
  'minifigs',
  'notes',
  'totals',
  'report',
  'money',
  'ledger',
  'leaving',
  'doctor',
  'audit'
] as const

export const VIEWS = [
  'browse',
  'view',
  ...COLLECTION_VIEWS,
  'scan',
  'labels',
  'sync',
  'exchange',
  'settings'
] as const

export type View = (typeof VIEWS)[number]

export interface Route {
  readonly view: View
  readonly flag: number
  readonly setID: number | null
  /** The saved view a `view` route shows (absent on every other route). */
  readonly viewId?: number
}

export function isCollectionView(view: View): boolean {
  return (COLLECTION_VIEWS as readonly View[]).includes(view)
}

function isView(v: string | undefined): v is View {
  return v !== undefined && (VIEWS as readonly string[]).includes(v)
}

const positive = (s: string | undefined): number | null => {
  const n = Number(s)
  return Number.isInteger(n) && n > 0 ? n : null
}

/** `#/owned`, `#/flag/3`, `#/view/7`, `#/browse/set/1234`: the hash is the route, so Back works. */
export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/')
  const head = parts[0]
  let view: View = isView(head) ? head : 'browse'
  let rest = parts.slice(1)
  let flag = 1
  if (view === 'flag') {
    const n = Number(rest[0])
    flag = Number.isInteger(n) && n >= 1 && n <= 8 ? n : 1
    rest = rest.slice(1)
  }
  const viewId = view === 'view' ? positive(rest[0]) : null
  if (view === 'view') {
    rest = rest.slice(1)
    if (viewId === null) view = 'browse'
  }
  const setID = rest[0] === 'set' ? positive(rest[1]) : null
  return viewId === null ? { view, flag, setID } : { view, flag, setID, viewId }
}

export function formatHash(route: Route): string {
  const base =
    route.view === 'flag'
      ? `#/flag/${route.flag}`
      : route.view === 'view'
        ? `#/view/${route.viewId ?? 0}`
        : `#/${route.view}`
  return route.setID === null ? base : `${base}/set/${route.setID}`
}

/** What a route change does beyond the route itself; `prev` is null for the first route shown. */
type RouteListener = (prev: Route | null, next: Route) => void

/** The route: the hash, read on start and on Back/Forward, written by the navigation methods. */
export class Nav {
  #route = $state<Route>({ view: 'browse', flag: 1, setID: null })
  #show: RouteListener | null = null

  constructor() {
    if (typeof window === 'undefined') return
    this.#route = parseHash(window.location.hash)
    window.addEventListener('hashchange', () => {
      this.#change(parseHash(window.location.hash))
    })
  }

  get route(): Route {
    return this.#route
  }

  /**
   * From now on every route change goes to `show`, starting with the current route (the app is
   * mounted, so the screens it drives exist). Returns the way to stop.
   */
  start(show: RouteListener): () => void {
    this.#show = show
    show(null, this.#route)
    return () => {
      if (this.#show === show) this.#show = null
    }
  }

  #change(route: Route): void {
    const prev = this.#route
    this.#route = route
    this.#show?.(prev, route)
  }

  private set(route: Route): void {
    const hash = formatHash(route)
    if (window.location.hash !== hash) window.history.pushState(null, '', hash)
    this.#change(route)
  }

  /** Replaces a route that cannot be shown (a deleted saved view): Back does not lead to it. */
  replace(view: View): void {
    const route: Route = { view, flag: 1, setID: null }
    window.history.replaceState(null, '', formatHash(route))
    this.#change(route)
  }

  go(view: View, flag = 1): void {
    this.set({ view, flag, setID: null })
  }

  /** A saved view's list. */
  openView(viewId: number): void {
    this.set({ view: 'view', flag: 1, setID: null, viewId })
  }

  openSet(setID: number): void {
    // Detail pages sit over a list; from a non-list screen they open over Browse.
    const listView = ['browse', 'owned', 'wanted', 'flag', 'view'].includes(this.#route.view)
    if (listView) this.set({ ...this.#route, setID })
    else this.set({ view: 'browse', flag: this.#route.flag, setID })
  }

  closeSet(): void {
    if (this.#route.setID !== null) this.set({ ...this.#route, setID: null })
  }
}

export const nav = new Nav()
