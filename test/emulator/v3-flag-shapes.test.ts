import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'

/**
 * The reference service's `v3Flags` option (docs/protocol.md §5): production's shape of
 * `collection.flags` in v3 getSets is unknown (its recorded sets carry none), so the service writes
 * each shape the client must survive.
 */

const BASE = 'https://reference.test'
let svc: ReferenceService | null = null
afterEach(() => {
  svc?.close()
  svc = null
})

async function form(s: ReferenceService, path: string, fields: Record<string, string>) {
  return s.handle(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString()
    })
  )
}

/** The demo user's `collection` of one set, read through v3 getSets. */
async function collectionOf(s: ReferenceService, setID: number): Promise<Record<string, unknown>> {
  const login = await form(s, '/api/v2.asmx/login', {
    apiKey: s.demo.apiKey,
    username: s.demo.username,
    password: s.demo.password
  })
  const userHash = /<string[^>]*>([^<]+)</.exec(await login.text())?.[1] ?? ''
  const res = await form(s, '/api/v3.asmx/getSets', {
    apiKey: s.demo.apiKey,
    userHash,
    params: JSON.stringify({ setID })
  })
  const body = (await res.json()) as { sets: { collection: Record<string, unknown> }[] }
  return body.sets[0]?.collection ?? {}
}

const ON = [true, false, true, false, false, false, false, true]

function withFlags(options: Parameters<typeof createReferenceService>[0]) {
  const s = createReferenceService({ sets: 50, seed: 3, ...options })
  svc = s
  // A set the catalogue holds (touching it only moves its lastUpdated).
  const setID = s.admin.touchSets(1)[0] ?? 0
  s.admin.setCollectionValue(s.demo.username, setID, {
    owned: true,
    flags: Object.fromEntries(ON.map((v, i) => [i + 1, v]))
  })
  return { s, setID }
}

describe('v3 getSets flags in the shape asked for', () => {
  it('writes the list of {flagNo, value} by default', async () => {
    const { s, setID } = withFlags({})
    expect((await collectionOf(s, setID))['flags']).toEqual(
      ON.map((value, i) => ({ flagNo: i + 1, value }))
    )
  })

  it('omits flags as every recorded production set does, keeping the rest', async () => {
    const { s, setID } = withFlags({ v3Flags: 'omitted' })
    const c = await collectionOf(s, setID)
    expect(c).not.toHaveProperty('flags')
    expect(c).toMatchObject({ owned: true, qtyOwned: 1 })
  })

  it('writes a list of booleans', async () => {
    const { s, setID } = withFlags({ v3Flags: 'booleans' })
    expect((await collectionOf(s, setID))['flags']).toEqual(ON)
  })

  it('writes an object keyed flag1..flag8', async () => {
    const { s, setID } = withFlags({ v3Flags: 'keyed' })
    expect((await collectionOf(s, setID))['flags']).toEqual(
      Object.fromEntries(ON.map((v, i) => [`flag${i + 1}`, v]))
    )
  })

  it('changes shape from the next answer when the admin asks', async () => {
    const { s, setID } = withFlags({})
    s.admin.showFlagsAs('booleans')
    expect((await collectionOf(s, setID))['flags']).toEqual(ON)
    s.admin.showFlagsAs('omitted')
    expect(await collectionOf(s, setID)).not.toHaveProperty('flags')
  })
})
