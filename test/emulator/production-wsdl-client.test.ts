import { XMLParser } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { RECORDS } from '../../src/shared/protocol/records'
import { DEFAULT_NAMESPACES } from '../../src/shared/protocol/operations'
import { createReferenceService } from '../../src/emulator/index'
import { loadProductionWsdl, parseWsdl, PRODUCTION_WSDL_PATH } from '../shared/production-wsdl'
import { serveReference } from './served-reference'
import { notedPort, resultList, SOAP_VERSIONS, WRITTEN_COPY } from './soap-port'
import type { Row } from './soap-port'

// Independent stacks: the npm `soap` client built from production's own WSDL file (not ours), pointed
// at the reference service running under production's namespace. If our wire differs from what
// production's WSDL promises (names, order, types), this client misreads it.

const PROD_NS = 'https://brickset.com/api/'
const PROD_OPS = [...loadProductionWsdl().portTypes].find(([n]) => n.endsWith('Soap'))?.[1] ?? []

const ref = serveReference({
  sets: 300,
  seed: 11,
  namespaces: { api: PROD_NS, legacy: DEFAULT_NAMESPACES.legacy }
})

/** The service's own answer for one set over HTTP POST, as raw element texts (no schema applied). */
async function rawSet(setID: number, userHash: string): Promise<Record<string, string>> {
  const body = new URLSearchParams({
    apiKey: ref.service.demo.apiKey,
    userHash,
    SetID: String(setID)
  })
  const res = await fetch(`${ref.url}/api/v2.asmx/getSet`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body
  })
  const doc = new XMLParser({ parseTagValue: false, ignoreAttributes: true }).parse(
    await res.text()
  ) as { ArrayOfSets?: { sets?: Record<string, string> } }
  const rec = doc.ArrayOfSets?.sets
  if (!rec) throw new Error('no set')
  return rec
}

/** A field as the soap client decoded it, back to the service's text form, for comparison. */
function asText(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined
  if (v instanceof Date) return v.toISOString()
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v)
  return '' // an empty element decodes to {} in some soap versions
}
function rawAsText(type: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined
  // The soap package reads a time without a zone (production sends none: docs/protocol.md) as
  // JavaScript's Date does, in the machine's zone; the comparison follows it in any TZ.
  if (type === 'dateTime') return new Date(raw).toISOString()
  if (type === 'decimal' || type === 'int') return String(Number(raw))
  return raw
}

describe.each(SOAP_VERSIONS)(
  'a client generated from the production v2 WSDL, over %s',
  (_label, soap12) => {
    it('calls every production v2 operation and reads every set field', async () => {
      const { run, seen } = await notedPort(PRODUCTION_WSDL_PATH, 'BricksetAPIv2', {
        soap12,
        endpoint: `${ref.url}/api/v2.asmx`
      })
      const apiKey = ref.service.demo.apiKey
      const { username, password } = ref.service.demo

      expect((await run('checkKey', { apiKey })).checkKeyResult).toBe('OK')
      expect((await run('login', { apiKey, username, password: 'wrong' })).loginResult).toBe(
        'ERROR: invalid username and/or password'
      )
      const userHash = String((await run('login', { apiKey, username, password })).loginResult)
      expect(userHash).toMatch(/^[A-Za-z0-9_-]{10,32}$/)
      expect((await run('checkUserHash', { userHash })).checkUserHashResult).toBe(username)

      const page = resultList(
        await run('getSets', { apiKey, userHash, query: '', pageSize: '20', orderBy: 'Number' }),
        'getSets',
        'sets'
      )
      expect(page.length).toBeGreaterThan(0)
      const known = page.find((s) => s['image'] === true) ?? page[0]
      const setID = Number(known?.['setID'])
      const theme = String(known?.['theme'])

      // Known per-user values, written through production's operations.
      const ok = async (op: string, args: object): Promise<void> => {
        expect((await run(op, { apiKey, userHash, setID, ...args }))[`${op}Result`], op).toBe('OK')
      }
      await ok('setCollection', { qtyOwned: 2, wanted: 1 })
      await ok('setCollection_owns', { owned: 1 })
      await ok('setCollection_wants', { wanted: 1 })
      await ok('setCollection_qtyOwned', { qtyOwned: 3 })
      await ok('setCollection_userNotes', { notes: 'Tom & Jerry <3' })
      await ok('setUserRating', { rating: 4 })
      expect(ref.service.admin.getCollectionValue(username, setID)).toMatchObject({
        owned: true,
        wanted: true,
        qtyOwned: 3,
        notes: 'Tom & Jerry <3',
        rating: 4
      })

      const [set] = resultList(
        await run('getSet', { apiKey, userHash, SetID: String(setID) }),
        'getSet',
        'sets'
      )
      if (!set) throw new Error('getSet answered nothing')
      const raw = await rawSet(setID, userHash)
      expect(raw['bricksetURL'], 'production names the set link bricksetURL').toBeDefined()
      expect(raw['serviceURL']).toBeUndefined()
      for (const f of RECORDS.sets.fields) {
        const wire = f.name === 'serviceURL' ? 'bricksetURL' : f.name
        expect(asText(set[wire]), `sets.${wire}`).toBe(rawAsText(f.type, raw[wire]))
        if (f.type !== 'string') expect(set[wire], `value field ${wire}`).toBeDefined()
      }
      expect(set).toMatchObject({
        setID,
        owned: true,
        wanted: true,
        qtyOwned: 3,
        userNotes: 'Tom & Jerry <3',
        userRating: '4'
      })
      expect(set['bricksetURL']).toBe(
        `${ref.url}/sets/${String(set['number'])}-${String(set['numberVariant'])}`
      )
      expect(set['lastUpdated']).toBeInstanceOf(Date)

      const recent = resultList(
        await run('getRecentlyUpdatedSets', { apiKey, minutesAgo: 5 }),
        'getRecentlyUpdatedSets',
        'sets'
      )
      const touched = ref.service.admin.touchSets(1)
      const after = resultList(
        await run('getRecentlyUpdatedSets', { apiKey, minutesAgo: 5 }),
        'getRecentlyUpdatedSets',
        'sets'
      )
      expect(after.map((s) => s['setID'])).toEqual(expect.arrayContaining(touched))
      expect(after.length).toBeGreaterThanOrEqual(recent.length)

      // Catalogue reads.
      const themes = resultList(await run('getThemes', { apiKey }), 'getThemes', 'themes')
      expect(themes.map((t) => t['theme'])).toContain(theme)
      const subs = resultList(
        await run('getSubthemes', { apiKey, theme }),
        'getSubthemes',
        'subthemes'
      )
      expect(subs.every((s) => s['theme'] === theme)).toBe(true)
      const years = resultList(await run('getYears', { apiKey, theme }), 'getYears', 'years')
      expect(years.reduce((n, y) => n + Number(y['setCount']), 0)).toBe(
        themes.find((t) => t['theme'] === theme)?.['setCount']
      )
      const mine = { apiKey, userHash, owned: '1', wanted: '' }
      expect(
        resultList(await run('getThemesForUser', mine), 'getThemesForUser', 'themes').map(
          (t) => t['theme']
        )
      ).toContain(theme)
      expect(
        resultList(
          await run('getSubthemesForUser', { ...mine, theme }),
          'getSubthemesForUser',
          'subthemes'
        ).every((s) => s['theme'] === theme)
      ).toBe(true)
      expect(
        resultList(await run('getYearsForUser', { ...mine, theme }), 'getYearsForUser', 'years')
          .length
      ).toBeGreaterThan(0)

      const perSet = { apiKey, setID }
      expect(resultList(await run('getReviews', perSet), 'getReviews', 'reviews')).toHaveLength(
        Number(set['reviewCount'])
      )
      expect(
        resultList(
          await run('getAdditionalImages', perSet),
          'getAdditionalImages',
          'additionalImages'
        )
      ).toHaveLength(Number(set['additionalImageCount']))
      expect(
        resultList(await run('getInstructions', perSet), 'getInstructions', 'instructions')
      ).toHaveLength(Number(set['instructionsCount']))

      // The user's own data.
      expect(
        resultList(await run('getUserNotes', { apiKey, userHash }), 'getUserNotes', 'userNotes')
      ).toContainEqual({
        setID,
        userNotes: 'Tom & Jerry <3'
      })
      const totals = (await run('getCollectionTotals', { apiKey, userHash }))[
        'getCollectionTotalsResult'
      ] as Row
      expect(Number(totals['totalSetsOwned'])).toBeGreaterThanOrEqual(3)

      const figs = async (owned: string, wanted: string): Promise<Row[]> =>
        resultList(
          await run('getMinifigCollection', { apiKey, userHash, query: '', owned, wanted }),
          'getMinifigCollection',
          'minifigCollection'
        )
      const fig = String((await figs('', ''))[0]?.['minifigNumber'])
      expect(
        (
          await run('setMinifigCollection', {
            apiKey,
            userHash,
            minifigNumber: fig,
            qtyOwned: 2,
            wanted: 1
          })
        ).setMinifigCollectionResult
      ).toBe('OK')
      expect((await figs('', '1')).find((m) => m['minifigNumber'] === fig)).toMatchObject({
        ownedLoose: 2,
        wanted: true
      })

      // Copies: whichever copy the service lists for the set gets the details (docs/protocol.md §2).
      const copies = async (): Promise<Row[]> =>
        resultList(
          await run('getCollectionDetail', { apiKey, userHash, SetID: String(setID) }),
          'getCollectionDetail',
          'collectionDetails'
        )
      const listed = await copies()
      const detail = {
        collectionID: Number(listed.at(-1)?.['collectionID'] ?? 0),
        ...WRITTEN_COPY,
        notes: 'first copy'
      }
      expect(
        (await run('setCollectionDetail', { apiKey, userHash, detail })).setCollectionDetailResult
      ).toBe('OK')
      expect(await copies()).toContainEqual(
        expect.objectContaining({ location: 'Attic', currency: 'EUR', box: true })
      )
      const conditions = resultList(
        await run('getCollectionDetailConditions', { apiKey, which: 'now' }),
        'getCollectionDetailConditions',
        'conditions'
      )
      expect(conditions.length).toBeGreaterThan(0)

      expect([...seen].sort()).toEqual([...PROD_OPS].sort())
    })
  }
)

describe('the WSDL the reference service serves', () => {
  it('under production’s namespace, declares the set record exactly as production does', async () => {
    const ours = parseWsdl(await (await fetch(`${ref.url}/api/v2.asmx?WSDL`)).text())
    expect(ours.targetNamespace).toBe(PROD_NS)
    expect(ours.complexTypes.get('sets')).toEqual(loadProductionWsdl().complexTypes.get('sets'))
  })

  it('under its own namespace, keeps the document’s neutral serviceURL', async () => {
    const own = createReferenceService({ sets: 20, seed: 11 })
    const res = await own.handle(new Request('http://reference.test/api/v2.asmx?WSDL'))
    const names = (parseWsdl(await res.text()).complexTypes.get('sets') ?? []).map((e) => e.name)
    expect(names).toContain('serviceURL')
    expect(names).not.toContain('bricksetURL')
    own.close()
  })
})
