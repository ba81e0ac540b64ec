export const VIEWS = [
  'browse',
  'owned',
  'wanted',
  'flag',
  'minifigs',
  'notes',
  'totals',
  'sync',
  'exchange',
  'settings'
] as const

export type View = (typeof VIEWS)[number]

export interface Route {
  readonly view: View
  readonly flag: number
  readonly setID: number | null
}

function isView(v: string | undefined): v is View {
  return v !== undefined && (VIEWS as readonly string[]).includes(v)
}

/** `#/owned`, `#/flag/3`, `#/browse/set/1234`: the hash is the route, so Back works. */
export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/')
  const head = parts[0]
  const view: View = isView(head) ? head : 'browse'
  let rest = parts.slice(1)
  let flag = 1
  if (view === 'flag') {
    const n = Number(rest[0])
    flag = Number.isInteger(n) && n >= 1 && n <= 8 ? n : 1
    rest = rest.slice(1)
  }
  let setID: number | null = null
  if (rest[0] === 'set') {
    const id = Number(rest[1])
    if (Number.isInteger(id) && id > 0) setID = id
  }
  return { view, flag, setID }
}

export function formatHash(route: Route): string {
  const base = route.view === 'flag' ? `#/flag/${route.flag}` : `#/${route.view}`
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

  go(view: View, flag = 1): void {
    this.set({ view, flag, setID: null })
  }

  openSet(setID: number): void {
    // Detail pages sit over a list; from a non-list screen they open over Browse.
    const listView = ['browse', 'owned', 'wanted', 'flag'].includes(this.#route.view)
    this.set({ ...this.#route, view: listView ? this.#route.view : 'browse', setID })
  }

  closeSet(): void {
    if (this.#route.setID !== null) this.set({ ...this.#route, setID: null })
  }
}

export const nav = new Nav()
