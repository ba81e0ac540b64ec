import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import { createApp } from '../../src/main/app/compose'
import type { AppContext } from '../../src/main/app/compose'
import { dispatch } from '../../src/main/ipc/dispatch'
import { setTransport } from '../../src/renderer/src/lib/api'
import type { Transport } from '../../src/renderer/src/lib/api'
import { nav } from '../../src/renderer/src/lib/state/nav.svelte'
import { search } from '../../src/renderer/src/lib/state/search.svelte'
import App from '../../src/renderer/src/App.svelte'
import type { ChannelName, EventMap, EventName } from '../../src/shared/ipc/contract'
import type { Result } from '../../src/shared/ipc/result'
import { settle } from './dom-env'

/**
 * Issue 25, item 6: one click on a row's "Owned" cost 13 calls to main in 1.3 s (the list, its
 * facets, the outbox, the saved views and the flag labels, each read again twice: once for the
 * edit's data:changed, once for the background push's). Here the page runs against the real main
 * side (createApp, dispatch, its event bus, its background push), so what is counted is what the
 * host would answer.
 */

const dir = mkdtempSync(join(tmpdir(), 'studbook-owned-click-'))
let app: AppContext
const calls: ChannelName[] = []
/** The calls main has answered, in the order asked (their place in `calls`). */
const answered = new Set<number>()

/** main's answers and events, delivered a turn later as IPC or HTTP would. */
const transport: Transport = {
  async invoke(channel, input) {
    const at = calls.push(channel) - 1
    await new Promise((r) => setTimeout(r, 0))
    const result = (await dispatch(app.handlers, channel, input)) as Result<never>
    answered.add(at)
    return result
  },
  subscribe(event, listener) {
    return app.events.subscribe((name: EventName, payload) => {
      if (name !== event) return
      setTimeout(() => {
        listener(payload as EventMap[typeof event])
      }, 0)
    })
  }
}

async function call<T>(channel: ChannelName, input: unknown): Promise<T> {
  const r = (await dispatch(app.handlers, channel, input)) as Result<T>
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`)
  return r.value
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`never: ${what} after ${calls.join(', ')}`)
}

/** Waits until the page has asked main nothing for a while (facet counts wait 200 ms). */
async function quiet(): Promise<void> {
  let seen = -1
  let still = 0
  while (still < 12) {
    await new Promise((r) => setTimeout(r, 100))
    await settle()
    still = calls.length === seen ? still + 1 : 0
    seen = calls.length
  }
}

beforeAll(async () => {
  app = await createApp({
    dataDir: dir,
    host: 'browser',
    demoSets: 120,
    autoSync: false,
    credentials: 'memory'
  })
  // The demo catalogue; a machine under heavy load may drop a first attempt.
  for (let attempt = 0; attempt < 3; attempt++) {
    await call('sync:start', { full: true })
    await until(
      async () => !(await call<{ running: boolean }>('sync:getStatus', {})).running,
      'sync'
    )
    if ((await call<{ outcome: string }>('sync:getStatus', {})).outcome === 'complete') break
  }
  // A saved view whose count an Owned click changes.
  await call('views:save', { name: 'Mine', query: { text: '', scope: { kind: 'owned' } } })
  setTransport(transport)
})

afterAll(async () => {
  setTransport(null)
  await app.close()
  rmSync(dir, { recursive: true, force: true })
})

afterEach(() => {
  cleanup()
})

/**
 * The calls made from the click until the background push is done, the page shows `shown` (the
 * push's outcome reaches the page a moment after the outbox empties, later on a loaded machine)
 * and the page is quiet. Each wait starts once main has answered the click's own edit: before
 * that the outbox is empty and the row shows its old state, so a wait for either would end at
 * once (at load 9 and above the edit reached main only after both had been seen).
 */
async function clickOwned(row: HTMLElement, shown: () => boolean): Promise<ChannelName[]> {
  const before = calls.length
  await fireEvent.click(within(row).getByRole('button', { name: 'Owned' }))
  await until(() => answered.has(calls.indexOf('collection:updateSet', before)), 'the edit saved')
  await until(async () => (await call<unknown[]>('outbox:list', {})).length === 0, 'pushed')
  await until(shown, 'the outcome shown')
  await quiet()
  return calls.slice(before)
}

function rows(): HTMLElement[] {
  return [...screen.getByRole('grid').querySelectorAll<HTMLElement>('[role="row"]')]
}

describe('one Owned click', () => {
  it('costs at most three calls to main, and the row, its badge and the view count follow', async () => {
    window.location.hash = '#/browse'
    render(App)
    await until(() => search.rowAt(0) !== undefined && search.facets !== null, 'list shown')
    await quiet()
    const first = rows()[0]
    if (!first) throw new Error('no row')
    const setID = search.rowAt(0)?.setID
    const owned = search.facets?.owned ?? 0
    expect(search.rowAt(0)?.collection.owned).toBe(false)
    const made = await clickOwned(first, () => {
      const c = search.rowAt(0)?.collection
      return c?.owned === true && c.sync === 'synced'
    })
    expect(made.length, made.join(', ')).toBeLessThanOrEqual(3)
    // The click still shows everywhere: the row, its sync badge after the push, the view's count.
    expect(search.rowAt(0)).toMatchObject({ setID, collection: { owned: true, sync: 'synced' } })
    expect(search.facets?.owned).toBe(owned + 1)
    expect(screen.getByRole('link', { name: /Mine/ }).textContent).toContain(String(owned + 1))
  })

  it('in the Owned list, un-owning a set takes it off the list for at most three calls', async () => {
    render(App)
    nav.go('owned')
    await until(() => search.scope.kind === 'owned' && search.rowAt(0) !== undefined, 'owned list')
    await quiet()
    const owned = search.total
    const first = rows()[0]
    if (!first) throw new Error('no row')
    const made = await clickOwned(first, () => search.total === owned - 1)
    expect(made.length, made.join(', ')).toBeLessThanOrEqual(3)
    expect(search.total).toBe(owned - 1)
  })
})
