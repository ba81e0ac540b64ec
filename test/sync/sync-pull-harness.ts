import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { expect } from 'vitest'
import { createMemoryStore } from '../../src/main/credentials/index'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { createCatalogueHandlers } from '../../src/main/catalogue/catalogue-handlers'
import type { CatalogueHandlers } from '../../src/main/catalogue/catalogue-handlers'
import { createProfiles, defaultClientFactory, signInDemo } from '../../src/main/account/profiles'
import type { Profiles } from '../../src/main/account/profiles'
import { createSyncRunner } from '../../src/main/sync/runner'
import type { SyncRunner } from '../../src/main/sync/runner'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService, ReferenceServiceOptions } from '../../src/emulator/index'
import type { EventMap } from '../../src/shared/ipc/contract'
import type { EditSide } from '../../src/main/app/compose-edits'
import { closedAfterEach } from '../closed-after-each'
import { testEditSide } from '../collection/harness'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import type { SearchQuery } from '../../src/shared/ipc/channels/catalog'
import { setStateSql } from '../../src/main/collection/index'

/** A request body's getSets parameters asking for the user's own lists (owned or wanted). */
const USER_LISTS = /(owned|wanted)(?:=|>|"\s*:\s*)"?1/

/** A request body as sent, its form encoding undone. */
async function bodyOf(req: Request): Promise<string> {
  return decodeURIComponent((await req.clone().text()).replace(/\+/g, ' '))
}

/** Whether `req` is a getSets call (v2 or v3) for the user's own lists, not a catalogue page. */
export async function asksForUserLists(req: Request): Promise<boolean> {
  const body = await bodyOf(req)
  return /getSets\b/.test(`${req.url} ${body}`) && USER_LISTS.test(body)
}

/** A real reference service, a real SQLite file and the real client, joined in-process. */
export interface Harness {
  readonly dir: string
  readonly svc: ReferenceService
  store: Store
  profiles: Profiles
  sync: SyncRunner
  catalogue: CatalogueHandlers
  /** Searches the catalogue as the screen asks: fields the query leaves out take their defaults. */
  search(query: SearchQuery): ReturnType<CatalogueHandlers['catalog:search']>
  /** Catalogue getSets page numbers requested, in order, and the service version of each. */
  readonly pages: number[]
  readonly pageVersions: string[]
  readonly changed: EventMap['data:changed'][]
  /** What the sync logged as warnings, message first. */
  readonly warnings: string[]
  /** Every status the runner published, in order. */
  readonly statuses: EventMap['sync:status'][]
  /** While false, every request fails as if the network were down. */
  online: boolean
  /** A catalogue page whose request fails as if the network dropped. */
  failPage: number | null
  /** From this catalogue page on, the service answers as past its end (empty pages). */
  emptyFrom: number | null
  /** Answers a request in the service's place when it returns a response; null lets it through. */
  intercept: ((req: Request) => Response | null | Promise<Response | null>) | null
  /** Reopens the database and rebuilds the app objects over it, as after a restart. */
  restart(): Promise<void>
  close(): void
}

/**
 * Harnesses that last one test: each made with the function this returns is closed after the
 * test (afterEach). At the top of a file, `const harness = harnessEachTest()`; in a test,
 * `const h = await harness(300)`.
 */
export function harnessEachTest(): typeof createHarness {
  return closedAfterEach(createHarness)
}

/** The same catalogue request, asking for a page far past the end. */
async function pastTheEnd(req: Request): Promise<Request> {
  const far = (f: URLSearchParams) => {
    if (f.has('pageNumber')) f.set('pageNumber', '100000')
    const p = f.get('params')
    if (p !== null) f.set('params', p.replace(/("?pageNumber"?\s*:\s*)\d+/, '$1100000'))
  }
  const url = new URL(req.url)
  far(url.searchParams)
  if (req.method === 'GET') return new Request(url, { headers: req.headers })
  let body = await req.clone().text()
  if ((req.headers.get('content-type') ?? '').includes('form-urlencoded')) {
    const f = new URLSearchParams(body)
    far(f)
    body = f.toString()
  } else body = body.replace(/<pageNumber>\d+</, '<pageNumber>100000<')
  return new Request(url, { method: req.method, headers: req.headers, body })
}

export async function createHarness(
  sets: number,
  now?: () => Date,
  service: Omit<ReferenceServiceOptions, 'sets' | 'seed' | 'now'> = {}
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'studbook-sync-'))
  const svc = createReferenceService({ ...service, sets, seed: 7, ...(now ? { now } : {}) })
  const credentials = createMemoryStore()
  const pages: number[] = []
  const pageVersions: string[] = []
  const changed: EventMap['data:changed'][] = []
  const warnings: string[] = []
  const statuses: EventMap['sync:status'][] = []

  async function build(h: Harness): Promise<void> {
    h.store = await openStore(join(dir, 'studbook.db'))
    const fetch = async (req: Request): Promise<Response> => {
      if (!h.online) throw new TypeError('fetch failed')
      const own = h.intercept ? await h.intercept(req.clone()) : null
      if (own) return own
      const path = new URL(req.url).pathname
      if (/\/api\/v[23]\.asmx(\/getSets)?$/i.test(path)) {
        const body = await bodyOf(req)
        const isGetSets = /getSets\b/.test(req.url) || /<getSets\b/.test(body)
        const page = /pageNumber(?:=|>|"\s*:\s*)(\d+)/.exec(body)
        const user = USER_LISTS.test(body)
        if (isGetSets && page && !user) {
          pages.push(Number(page[1]))
          pageVersions.push(/\/api\/v3/i.test(path) ? 'v3' : 'v2')
          if (h.failPage === Number(page[1])) throw new TypeError('fetch failed')
          if (h.emptyFrom !== null && Number(page[1]) >= h.emptyFrom)
            return svc.handle(await pastTheEnd(req))
        }
      }
      return svc.handle(req)
    }
    h.profiles = await createProfiles({
      store: h.store,
      credentials,
      createClient: defaultClientFactory,
      demo: () => Promise.resolve({ fetch, ...svc.demo }),
      ...(now ? { now } : {})
    })
    const events = createEventBus()
    events.subscribe((name, payload) => {
      if (name === 'data:changed') changed.push(payload as EventMap['data:changed'])
      if (name === 'sync:status') statuses.push(payload as EventMap['sync:status'])
    })
    h.sync = createSyncRunner({
      store: h.store,
      profiles: h.profiles,
      events,
      log: {
        warn: (m: string) => {
          warnings.push(m)
        }
      },
      ...(now ? { now } : {})
    })
    h.catalogue = createCatalogueHandlers({
      state: setStateSql,
      store: h.store,
      profiles: h.profiles,
      ...(now ? { now } : {})
    })
    await signInDemo(h.profiles, { warn: () => undefined })
  }

  const h = {
    dir,
    svc,
    pages,
    pageVersions,
    changed,
    warnings,
    statuses,
    online: true,
    failPage: null,
    emptyFrom: null,
    intercept: null,
    search: (query: SearchQuery) => h.catalogue['catalog:search'](searchQuery.parse(query)),
    async restart() {
      h.store.close()
      await build(h)
    },
    close() {
      h.store.close()
      svc.close()
      rmSync(dir, { recursive: true, force: true })
    }
  } as Harness
  await build(h)
  return h
}

/**
 * Holds the main thread (as a long synchronous job would) until `changed()` says yes or `limit`
 * checks have passed: what a worker does meanwhile, it does without the main thread.
 */
export function holdUntil(changed: () => boolean, limit: number): boolean {
  for (let i = 0; i < limit; i++) {
    if (changed()) return true
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1)
  }
  return false
}

type ListedFigures = Awaited<ReturnType<EditSide['handlers']['collection:listMinifigs']>>

/**
 * Every figure the Minifigures screen lists for `query`, the catalogue's included (filter
 * "all"), read through an edit side of its own that is closed again.
 */
export async function listedFigures(h: Harness, query = ''): Promise<ListedFigures> {
  const side = testEditSide(h.store, h.profiles)
  try {
    return await side.handlers['collection:listMinifigs']({ filter: 'all', query })
  } finally {
    await side.close()
  }
}

/** The numbers of every figure listed, sorted. */
export async function figureNumbers(h: Harness): Promise<string[]> {
  return (await listedFigures(h)).map((f) => f.minifigNumber).sort()
}

/** Rows the harness's main write connection has changed since it opened. */
export function mainChanges(h: Harness): number {
  return h.store.write.prepare('SELECT total_changes()').pluck().get() as number
}

/** How many sets of the catalogue `db` sees. */
export function setCount(db: Database.Database): number {
  return db.prepare('SELECT count(*) FROM sets').pluck().get() as number
}

/**
 * Runs a sync while `sample` runs on this thread every `everyMs` (or at every turn of the event
 * loop) with a read-only connection of its own on the harness's file: a reader beside the
 * catalogue's writer, as the window's searches are. Sampling stops when `sample` returns false
 * or the sync ends; the sync must end without an error, and the reader is closed however it ends.
 */
export async function syncWhileSampling(
  h: Harness,
  sample: (reader: Database.Database) => unknown,
  { everyMs = 2 }: { everyMs?: number | 'turn' } = {}
): Promise<void> {
  const reader = new Database(h.store.path, { readonly: true })
  let on = true
  const next = (): void => {
    if (everyMs === 'turn') setImmediate(tick)
    else setTimeout(tick, everyMs)
  }
  const tick = (): void => {
    if (on && sample(reader) !== false) next()
  }
  next()
  try {
    const status = await h.sync.run()
    expect(status.error).toBeNull()
  } finally {
    on = false
    reader.close()
  }
}
