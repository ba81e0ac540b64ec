import { afterEach, describe, expect, it } from 'vitest'
import { testEditSide } from '../collection/harness'
import { createHarness } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'

/**
 * The collection pull when a v3 read is short, refused or missing (docs/protocol.md §5, §5a): the
 * user's sets, figures and flag labels either arrive through v2 or stay as they were; an answer
 * that stops short of its own total never removes anything.
 */

let h: Harness | null = null
afterEach(() => {
  h?.close()
  h = null
})

/** The v3 operation a request names and its `params`, or null for anything else. */
async function v3Call(
  req: Request
): Promise<{ op: string; params: Record<string, unknown> } | null> {
  const m = /\/api\/v3\.asmx\/(\w+)$/i.exec(new URL(req.url).pathname)
  if (!m?.[1]) return null
  const form = new URLSearchParams(
    req.method === 'GET' ? new URL(req.url).search : await req.text()
  )
  const text = form.get('params') ?? form.get('Params') ?? '{}'
  return { op: m[1], params: JSON.parse(text) as Record<string, unknown> }
}

/** A user's getSets (owned or wanted) rather than a catalogue page. */
const userSets = (p: Record<string, unknown>): boolean => p['owned'] === 1 || p['wanted'] === 1

async function setState(x: Harness, setID: number) {
  return (await x.catalogue['catalog:getSet']({ setID })).collection
}

function ownedSets(x: Harness): number[] {
  const rows = x.store.read
    .prepare('SELECT set_id AS id FROM set_state WHERE owned = 1 ORDER BY set_id')
    .all() as { id: number }[]
  return rows.map((r) => r.id)
}

/** A harness whose demo user owns three sets, the first with flags 1 and 3, after a first sync. */
async function synced(): Promise<{ x: Harness; sets: number[] }> {
  const x = await createHarness(300)
  // The catalogue is not synced yet: take set ids straight from the service's first page.
  const page = (await x.profiles.client().v2.getSets({ pageSize: 20, pageNumber: 1 })).map(
    (s) => s.setID
  )
  const sets = page.slice(0, 3)
  const who = x.svc.demo.username
  for (const setID of sets) x.svc.admin.setCollectionValue(who, setID, { qtyOwned: 2 })
  x.svc.admin.setCollectionValue(who, sets[0] ?? 0, { flags: { 1: true, 3: true } })
  const status = await x.sync.run()
  expect(status.error).toBeNull()
  return { x, sets }
}

/**
 * What a service may answer for a v3 read it does not do (docs/protocol.md §4, §5b): which one
 * production gives is not recorded, so each is tried.
 */
const NOT_DONE: [string, () => Response][] = [
  ['"not found"', () => new Response('Not found', { status: 404 })],
  [
    'an ASP.NET error page',
    () =>
      new Response('<html><body><h2>Runtime Error</h2></body></html>', {
        status: 500,
        headers: { 'content-type': 'text/html; charset=utf-8' }
      })
  ],
  [
    '"Request format is unrecognized"',
    () =>
      new Response("Request format is unrecognized for URL unexpectedly ending in '/op'.", {
        status: 500,
        headers: { 'content-type': 'text/plain; charset=utf-8' }
      })
  ],
  [
    '"No valid parameters"',
    () => Response.json({ status: 'error', message: 'No valid parameters' })
  ]
]

describe('the collection pull', () => {
  it('a v3 list that stops short of its own total changes nothing', async () => {
    const { x, sets } = await synced()
    h = x
    const before = ownedSets(x)
    expect(before).toEqual(expect.arrayContaining(sets))
    const [first = 0] = sets
    x.svc.admin.setCollectionValue(x.svc.demo.username, first, { qtyOwned: 5 })
    const svc = x.svc
    x.intercept = async (req) => {
      const call = await v3Call(req.clone())
      if (call?.op !== 'getSets' || call.params['owned'] !== 1) return null
      // Says how many the user owns, then lists one on the first page and none after it.
      const whole = (await (await svc.handle(req)).json()) as { sets: unknown[]; matches: number }
      const sets = call.params['pageNumber'] === 1 ? whole.sets.slice(0, 1) : []
      return Response.json({ ...whole, matches: before.length, sets })
    }
    const status = await x.sync.run()
    expect(status.error).toMatch(/listed 1 of your \d+ owned sets and stopped; nothing was changed/)
    expect(ownedSets(x)).toEqual(before)
    expect((await setState(x, first)).qtyOwned).toBe(2)
  })

  it.each(NOT_DONE)(
    'answered %s for the user’s v3 sets, takes them through v2 and keeps the flags',
    async (_, answer) => {
      const { x, sets } = await synced()
      h = x
      const [first = 0] = sets
      const flags = (await setState(x, first)).flags
      expect(flags.slice(0, 3)).toEqual([true, false, true])
      x.svc.admin.setCollectionValue(x.svc.demo.username, first, { qtyOwned: 4 })
      x.intercept = async (req) => {
        const call = await v3Call(req.clone())
        if (call?.op !== 'getSets' || !userSets(call.params)) return null
        return answer()
      }
      const status = await x.sync.run()
      expect(status.error).toBeNull()
      const now = await setState(x, first)
      expect(now.qtyOwned).toBe(4)
      expect(now.flags).toEqual(flags)
    }
  )

  it.each(NOT_DONE)(
    'answered %s for the v3 figure list, takes the figures through v2',
    async (_, answer) => {
      const { x } = await synced()
      h = x
      const side = testEditSide(x.store, x.profiles)
      const all = await side.handlers['collection:listMinifigs']({ filter: 'all', query: '' })
      const figure = all.find((f) => f.ownedTotal === 0 && !f.wanted)
      if (!figure) throw new Error('no figure outside the collection')
      await x.profiles.client().v2.setMinifigCollection({
        minifigNumber: figure.minifigNumber,
        qtyOwned: 3,
        wanted: 0
      })
      x.intercept = async (req) => {
        const call = await v3Call(req.clone())
        if (call?.op !== 'getMinifigCollection') return null
        return answer()
      }
      const status = await x.sync.run()
      expect(status.error).toBeNull()
      const [row] = await side.handlers['collection:listMinifigs']({
        filter: 'all',
        query: figure.minifigNumber
      })
      await side.close()
      expect(row).toMatchObject({ minifigNumber: figure.minifigNumber, ownedLoose: 3 })
    }
  )

  it.each(NOT_DONE)(
    'answered %s for the flag labels, keeps them as they were',
    async (_, answer) => {
      const { x } = await synced()
      h = x
      await x.profiles
        .client()
        .v3.setUserFlagLabels({ params: JSON.stringify({ '1': 'On shelf', '3': 'In the loft' }) })
      await x.sync.run({ full: true })
      const side = testEditSide(x.store, x.profiles)
      const labels = await side.handlers['flags:getLabels']({})
      expect(labels).toEqual(
        expect.arrayContaining([
          { flagNo: 1, label: 'On shelf' },
          { flagNo: 3, label: 'In the loft' }
        ])
      )
      x.intercept = async (req) => {
        const call = await v3Call(req.clone())
        if (call?.op !== 'getUserFlagLabels') return null
        return answer()
      }
      const status = await x.sync.run()
      expect(status.error).toBeNull()
      expect(await side.handlers['flags:getLabels']({})).toEqual(labels)
      await side.close()
    }
  )
})
