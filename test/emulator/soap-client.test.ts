import { describe, expect, it } from 'vitest'
import { V2_OPERATIONS } from '../../src/shared/protocol/operations'
import { serveReference } from './served-reference'
import { asList, notedPort, resultList, SOAP_VERSIONS, WRITTEN_COPY } from './soap-port'

// An independent SOAP stack (the npm package `soap`), driven only by our WSDL. The earlier
// service's operations: soap-client-legacy.test.ts.

const ref = serveReference({ sets: 400, seed: 7 })

describe.each(SOAP_VERSIONS)('v2 through the soap package over %s', (_label, soap12) => {
  it('calls every v2 operation and gets the expected values', async () => {
    const { run, seen } = await notedPort(`${ref.url}/api/v2.asmx?WSDL`, 'CatalogueAPIv2', {
      soap12
    })
    const apiKey = ref.service.demo.apiKey
    expect(await run('checkKey', { apiKey })).toEqual({ checkKeyResult: 'OK' })
    expect((await run('login', { apiKey, username: 'demo', password: 'wrong' })).loginResult).toBe(
      'ERROR: invalid username and/or password'
    )
    const userHash = String(
      (
        await run('login', {
          apiKey,
          username: ref.service.demo.username,
          password: ref.service.demo.password
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
    expect(ref.service.admin.getCollectionValue('demo', setID)).toMatchObject({
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
    expect(ref.service.admin.getCollectionValue('demo', setID)).toMatchObject({
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
    const owned = ref.service.admin.getCollectionValue('demo', setID).qtyOwned
    await run('setCollection_qtyOwned', { apiKey, userHash, setID, qtyOwned: owned + 1 })
    const fresh = (await readCopies()).at(-1)
    const detail = { collectionID: Number(fresh?.collectionID), ...WRITTEN_COPY }
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

    expect(ref.service.admin.touchSets(0)).toEqual([])
    const recentIDs = async (): Promise<number[]> =>
      asList(
        (
          (await run('getRecentlyUpdatedSets', { apiKey, minutesAgo: 5 })) as {
            getRecentlyUpdatedSetsResult?: { sets: unknown }
          }
        ).getRecentlyUpdatedSetsResult?.sets
      ).map((s) => Number(s.setID))
    const earlier = await recentIDs()
    const touched = ref.service.admin.touchSets(2)
    expect((await recentIDs()).sort()).toEqual([...new Set([...earlier, ...touched])].sort())

    const rich = (
      (await run('getSets', { apiKey, pageSize: '50', orderBy: 'RatingDESC' })) as {
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
    // Each list answers as many records as the set's own count says.
    for (const [op, element, count] of [
      ['getReviews', 'reviews', rated?.reviewCount],
      ['getAdditionalImages', 'additionalImages', rated?.additionalImageCount],
      ['getInstructions', 'instructions', rated?.instructionsCount]
    ] as const) {
      expect(resultList(await run(op, { apiKey, setID: rid }), op, element)).toHaveLength(
        count ?? -1
      )
    }

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
