import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as soap from 'soap'
import { LEGACY_OPERATIONS, V2_OPERATIONS } from '../../src/shared/protocol/operations'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'

// An independent SOAP stack (the npm package `soap`), driven only by our WSDL.

type Port = Record<string, (args: object, cb: (err: unknown, result: unknown) => void) => void>
type Call = (op: string, args: object) => Promise<Record<string, unknown> | null>

let service: ReferenceService
let server: { url: string; close(): Promise<void> }

beforeAll(async () => {
  service = createReferenceService({ sets: 400, seed: 7 })
  server = await listen(service)
})
afterAll(async () => {
  await server.close()
  service.close()
})

async function portOf(
  path: string,
  serviceName: string,
  portName: string,
  soap12: boolean
): Promise<Call> {
  const client = (await soap.createClientAsync(`${server.url}${path}?WSDL`, {
    forceSoap12Headers: soap12
  })) as unknown as Record<string, Record<string, Port>>
  const port = client[serviceName]?.[portName]
  if (!port) throw new Error(`no port ${portName}`)
  return (op, args) =>
    new Promise((resolve, reject) => {
      const fn = port[op]
      if (!fn) {
        reject(new Error(`no operation ${op}`))
        return
      }
      fn(args, (err, result) => {
        if (err) reject(err instanceof Error ? err : new Error('soap call failed'))
        else resolve(result as Record<string, unknown> | null)
      })
    })
}

const asList = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? (v as Record<string, unknown>[]) : v ? [v as Record<string, unknown>] : []

describe.each([
  ['SOAP 1.1', false, 'CatalogueAPIv2Soap'],
  ['SOAP 1.2', true, 'CatalogueAPIv2Soap12']
])('v2 through the soap package over %s', (_label, soap12, portName) => {
  it('calls every v2 operation and gets the expected values', async () => {
    const call = await portOf('/api/v2.asmx', 'CatalogueAPIv2', portName, soap12)
    const apiKey = service.demo.apiKey
    const seen = new Set<string>()
    const run = async (op: string, args: object): Promise<Record<string, unknown>> => {
      seen.add(op)
      return (await call(op, args)) ?? {}
    }
    expect(await run('checkKey', { apiKey })).toEqual({ checkKeyResult: 'OK' })
    expect((await run('login', { apiKey, username: 'demo', password: 'wrong' })).loginResult).toBe(
      'ERROR: invalid username and/or password'
    )
    const userHash = String(
      (
        await run('login', {
          apiKey,
          username: service.demo.username,
          password: service.demo.password
        })
      ).loginResult
    )
    expect(userHash).toMatch(/^[A-Za-z0-9_-]{10,32}$/)
    expect((await run('checkUserHash', { userHash })).checkUserHashResult).toBe('demo')

    const paged = (await run('getSets', {
      apiKey,
      userHash,
      pageSize: '3',
      orderBy: 'Pieces'
    })) as { getSetsResult: { sets: unknown } }
    const page = asList(paged.getSetsResult.sets)
    expect(page).toHaveLength(3)
    const pieces = page.map((s) => Number(s.pieces ?? -1))
    expect([...pieces].sort((a, b) => a - b)).toEqual(pieces)
    const target = page[2] as {
      setID: number
      number: string
      numberVariant: number
      theme: string
    }
    const setID = target.setID

    expect(await run('setCollection', { apiKey, userHash, setID, qtyOwned: 2, wanted: 1 })).toEqual(
      { setCollectionResult: 'OK' }
    )
    const one = (await run('getSet', { apiKey, userHash, SetID: String(setID) })) as {
      getSetResult: { sets: Record<string, unknown> | Record<string, unknown>[] }
    }
    expect(asList(one.getSetResult.sets)[0]).toMatchObject({
      setID,
      owned: true,
      wanted: true,
      qtyOwned: 2
    })
    expect(
      (await run('setCollection_owns', { apiKey, userHash, setID, owned: 0 }))
        .setCollection_ownsResult
    ).toBe('OK')
    expect(service.admin.getCollectionValue('demo', setID)).toMatchObject({
      owned: false,
      qtyOwned: 0,
      wanted: true
    })
    expect(
      (await run('setCollection_wants', { apiKey, userHash, setID, wanted: 2 }))
        .setCollection_wantsResult
    ).toBe('ERROR: wanted not 0 or 1')
    expect(
      (await run('setCollection_qtyOwned', { apiKey, userHash, setID, qtyOwned: 3 }))
        .setCollection_qtyOwnedResult
    ).toBe('OK')
    expect(
      (await run('setCollection_userNotes', { apiKey, userHash, setID, notes: 'Tom & Jerry <3' }))
        .setCollection_userNotesResult
    ).toBe('OK')
    expect(
      (await run('setUserRating', { apiKey, userHash, setID, rating: 4 })).setUserRatingResult
    ).toBe('OK')
    expect(service.admin.getCollectionValue('demo', setID)).toMatchObject({
      owned: true,
      qtyOwned: 3,
      notes: 'Tom & Jerry <3',
      rating: 4
    })
    const notes = asList(
      (
        (await run('getUserNotes', { apiKey, userHash })) as {
          getUserNotesResult: { userNotes: unknown }
        }
      ).getUserNotesResult.userNotes
    )
    expect(notes).toContainEqual({ setID, userNotes: 'Tom & Jerry <3' })

    const totals = (await run('getCollectionTotals', { apiKey, userHash })) as {
      getCollectionTotalsResult: Record<string, number>
    }
    expect(totals.getCollectionTotalsResult.totalSetsOwned).toBeGreaterThanOrEqual(3)

    const readCopies = async (): Promise<Record<string, unknown>[]> =>
      asList(
        (
          (await run('getCollectionDetail', { apiKey, userHash, SetID: String(setID) })) as {
            getCollectionDetailResult?: { collectionDetails: unknown }
          }
        ).getCollectionDetailResult?.collectionDetails
      )
    // A copy record comes from raising the quantity; its details are written by collectionID.
    const before = (await readCopies()).length
    const owned = service.admin.getCollectionValue('demo', setID).qtyOwned
    await run('setCollection_qtyOwned', { apiKey, userHash, setID, qtyOwned: owned + 1 })
    const fresh = (await readCopies()).at(-1)
    const detail = {
      collectionID: Number(fresh?.collectionID),
      dateAcquired: '2024-02-03',
      currency: 'EUR',
      pricePaid: 19.99,
      additionalPricePaid: 0,
      currentEstimatedValue: 25,
      conditionWhenAcquired: 'New',
      acquiredFrom: 'Shop',
      conditionNow: 'Boxed',
      location: 'Attic',
      notes: '',
      parts: true,
      minifigs: true,
      instructions: true,
      box: true,
      willTrade: false,
      modified: false,
      deleted: false
    }
    expect(
      (await run('setCollectionDetail', { apiKey, userHash, detail })).setCollectionDetailResult
    ).toBe('OK')
    const copies = await readCopies()
    expect(copies).toHaveLength(before + 1)
    expect(copies.at(-1)?.collectionID).toBe(fresh?.collectionID)
    expect(copies.at(-1)).toMatchObject({
      dateAcquired: '2024-02-03',
      currency: 'EUR',
      conditionNow: 'Boxed',
      box: true
    })
    expect(Number(copies.at(-1)?.pricePaid)).toBeCloseTo(19.99)
    const conditions = asList(
      (
        (await run('getCollectionDetailConditions', { apiKey, which: 'now' })) as {
          getCollectionDetailConditionsResult: { conditions: unknown }
        }
      ).getCollectionDetailConditionsResult.conditions
    )
    expect(conditions.map((c) => c.condition)).toContain('MISB')

    const themes = asList(
      ((await run('getThemes', { apiKey })) as { getThemesResult: { themes: unknown } })
        .getThemesResult.themes
    )
    expect(themes.map((t) => t.theme)).toContain(target.theme)
    const subs = asList(
      (
        (await run('getSubthemes', { apiKey, theme: target.theme })) as {
          getSubthemesResult?: { subthemes: unknown }
        }
      ).getSubthemesResult?.subthemes
    )
    expect(subs.every((s) => s.theme === target.theme)).toBe(true)
    const years = asList(
      (
        (await run('getYears', { apiKey, theme: target.theme })) as {
          getYearsResult: { years: unknown }
        }
      ).getYearsResult.years
    )
    expect(years.reduce((n, y) => n + Number(y.setCount), 0)).toBe(
      themes.find((t) => t.theme === target.theme)?.setCount
    )
    const mine = asList(
      (
        (await run('getThemesForUser', { apiKey, userHash, owned: '1', wanted: '' })) as {
          getThemesForUserResult: { themes: unknown }
        }
      ).getThemesForUserResult.themes
    )
    expect(mine.map((t) => t.theme)).toContain(target.theme)
    await run('getSubthemesForUser', {
      apiKey,
      theme: target.theme,
      userHash,
      owned: '1',
      wanted: ''
    })
    const myYears = asList(
      (
        (await run('getYearsForUser', {
          apiKey,
          theme: target.theme,
          userHash,
          owned: '1',
          wanted: ''
        })) as { getYearsForUserResult: { years: unknown } }
      ).getYearsForUserResult.years
    )
    expect(myYears.length).toBeGreaterThan(0)

    expect(service.admin.touchSets(0)).toEqual([])
    const recentIDs = async (): Promise<number[]> =>
      asList(
        (
          (await run('getRecentlyUpdatedSets', { apiKey, minutesAgo: 5 })) as {
            getRecentlyUpdatedSetsResult?: { sets: unknown }
          }
        ).getRecentlyUpdatedSetsResult?.sets
      ).map((s) => Number(s.setID))
    const earlier = await recentIDs()
    const touched = service.admin.touchSets(2)
    expect((await recentIDs()).sort()).toEqual([...new Set([...earlier, ...touched])].sort())

    const rich = (
      (await call('getSets', { apiKey, pageSize: '50', orderBy: 'RatingDESC' })) as {
        getSetsResult: { sets: unknown }
      }
    ).getSetsResult.sets as Record<string, number>[]
    const rated =
      rich.find(
        (s) =>
          (s.reviewCount ?? 0) > 0 &&
          (s.additionalImageCount ?? 0) > 0 &&
          (s.instructionsCount ?? 0) > 0
      ) ?? rich[0]
    const rid = Number(rated?.setID)
    const reviews = asList(
      (
        (await run('getReviews', { apiKey, setID: rid })) as {
          getReviewsResult?: { reviews: unknown }
        }
      ).getReviewsResult?.reviews
    )
    expect(reviews).toHaveLength(rated?.reviewCount ?? -1)
    const images = asList(
      (
        (await run('getAdditionalImages', { apiKey, setID: rid })) as {
          getAdditionalImagesResult?: { additionalImages: unknown }
        }
      ).getAdditionalImagesResult?.additionalImages
    )
    expect(images).toHaveLength(rated?.additionalImageCount ?? -1)
    const instr = asList(
      (
        (await run('getInstructions', { apiKey, setID: rid })) as {
          getInstructionsResult?: { instructions: unknown }
        }
      ).getInstructionsResult?.instructions
    )
    expect(instr).toHaveLength(rated?.instructionsCount ?? -1)

    const figsOf = async (
      query: string,
      owned: string,
      wanted: string
    ): Promise<Record<string, unknown>[]> =>
      asList(
        (
          (await run('getMinifigCollection', { apiKey, userHash, query, owned, wanted })) as {
            getMinifigCollectionResult?: { minifigCollection: unknown }
          }
        ).getMinifigCollectionResult?.minifigCollection
      )
    const fig = String((await figsOf('', '', ''))[0]?.minifigNumber)
    expect(
      (
        await run('setMinifigCollection', {
          apiKey,
          userHash,
          minifigNumber: fig,
          qtyOwned: 4,
          wanted: 1
        })
      ).setMinifigCollectionResult
    ).toBe('OK')
    const wanted = await figsOf('', '', '1')
    expect(wanted.every((f) => f.wanted === true)).toBe(true)
    expect(wanted.find((f) => f.minifigNumber === fig)).toMatchObject({
      ownedLoose: 4,
      ownedTotal: Number(wanted.find((f) => f.minifigNumber === fig)?.ownedInSets) + 4
    })
    expect(
      (
        await run('setMinifigCollection', {
          apiKey,
          userHash,
          minifigNumber: fig,
          qtyOwned: 1,
          wanted: 0
        })
      ).setMinifigCollectionResult
    ).toBe('OK')
    expect((await figsOf(fig, '', '1')).length).toBe(0)

    expect([...seen].sort()).toEqual(V2_OPERATIONS.map((o) => o.name).sort())
  })
})

describe.each([
  ['SOAP 1.1', false, 'CatalogueWebServiceSoap'],
  ['SOAP 1.2', true, 'CatalogueWebServiceSoap12']
])('earlier service through the soap package over %s', (_label, soap12, portName) => {
  it('calls every operation and gets the expected values', async () => {
    const call = await portOf(
      '/webservices/catalogue.asmx',
      'CatalogueWebService',
      portName,
      soap12
    )
    const apiKey = service.demo.apiKey
    const seen = new Set<string>()
    const run = async (op: string, args: object): Promise<Record<string, unknown>> => {
      seen.add(op)
      return (await call(op, args)) ?? {}
    }
    expect((await run('login', { u: 'demo', p: 'nope' })).loginResult ?? '').toBe('')
    const userHash = String(
      (await run('login', { u: service.demo.username, p: service.demo.password })).loginResult
    )
    const themes = asList(
      ((await run('listThemes', {})) as { listThemesResult: { themeData: unknown } })
        .listThemesResult.themeData
    )
    const theme = String(themes[0]?.theme)
    const subs = asList(
      (
        (await run('listSubthemes', { theme })) as {
          listSubthemesResult?: { subthemeData: unknown }
        }
      ).listSubthemesResult?.subthemeData
    )
    expect(subs.every((s) => s.theme === theme && Number(s.yearFrom) <= Number(s.yearTo))).toBe(
      true
    )
    const found = asList(
      (
        (await run('search2', { apiKey, theme, numberOfRecords: '5' })) as {
          search2Result: { setData: unknown }
        }
      ).search2Result.setData
    )
    expect(found.length).toBeGreaterThan(0)
    expect(found.length).toBeLessThanOrEqual(5)
    expect(found.every((s) => s.theme === theme)).toBe(true)
    const setID = Number(found[0]?.setID)
    expect((await run('updateOwn', { userHash, setID, own: 1 })).updateOwnResult).toBe(1)
    expect((await run('updateWant', { userHash, setID, want: 1 })).updateWantResult).toBe(1)
    expect((await run('updateQtyOwned', { userHash, setID, qty: 5 })).updateQtyOwnedResult).toBe(1)
    expect(
      (await run('updateUserNotes', { userHash, setID, notes: 'legacy note' }))
        .updateUserNotesResult
    ).toBe(1)
    expect((await run('updateOwn', { userHash: 'bogus', setID, own: 1 })).updateOwnResult).toBe(0)
    const mine = asList(
      (
        (await run('search', { apiKey, userHash, Owned: '1' })) as {
          searchResult: { setData: unknown }
        }
      ).searchResult.setData
    )
    expect(mine.find((s) => s.setID === setID)).toMatchObject({
      own: true,
      want: true,
      qtyOwned: 5,
      userNotes: 'legacy note'
    })
    const byId = asList(
      (
        (await run('searchBySetID', { SetID: String(setID) })) as {
          searchBySetIDResult: { setData: unknown }
        }
      ).searchBySetIDResult.setData
    )
    expect(byId[0]?.setID).toBe(setID)
    const touched = service.admin.touchSets(1)
    const today = new Date().toISOString().slice(0, 10)
    const since = asList(
      (
        (await run('updatedSince', { apiKey, sinceDate: today })) as {
          updatedSinceResult: { setData: unknown }
        }
      ).updatedSinceResult.setData
    )
    expect(since.map((s) => s.setID)).toEqual(expect.arrayContaining(touched))
    expect([...seen].sort()).toEqual(LEGACY_OPERATIONS.map((o) => o.name).sort())
  })
})
