import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import type { ErrorCode } from '../../src/shared/errors'
import { decodeResponse } from '../../src/main/service/decode-response'
import { createServiceClient } from '../../src/main/service/index'
import type { SetRecord } from '../../src/shared/protocol/records'
import { thrownError } from './error-codes'

const DIR = join(__dirname, '../fixtures/production/production-v2')
const PROD_NS = 'https://brickset.com/api/'

/** Every recorded production response and the operation that produced it (HTTP POST binding). */
const FILES: Readonly<Record<string, string>> = {
  api_key_invalid: 'checkKey',
  api_key_valid: 'checkKey',
  get_additional_images_no_result: 'getAdditionalImages',
  get_collection_detail: 'getCollectionDetail',
  get_collection_detail_conditions: 'getCollectionDetailConditions',
  get_collection_detail_no_result: 'getCollectionDetail',
  get_collection_totals: 'getCollectionTotals',
  get_collection_totals_no_result: 'getCollectionTotals',
  get_instructions: 'getInstructions',
  get_instructions_no_result: 'getInstructions',
  get_minifig_collection: 'getMinifigCollection',
  get_minifig_collection_owned: 'getMinifigCollection',
  get_recently_updated_sets: 'getRecentlyUpdatedSets',
  get_recently_updated_sets_invalid_key: 'getRecentlyUpdatedSets',
  get_reviews_no_result: 'getReviews',
  get_set_no_result: 'getSet',
  get_sets: 'getSets',
  get_sets_no_result: 'getSets',
  get_subthemes: 'getSubthemes',
  get_subthemes_for_user: 'getSubthemesForUser',
  get_subthemes_for_user_no_result: 'getSubthemesForUser',
  get_subthemes_for_user_owned: 'getSubthemesForUser',
  get_subthemes_for_user_wanted: 'getSubthemesForUser',
  get_subthemes_no_result: 'getSubthemes',
  get_themes: 'getThemes',
  get_themes_for_user: 'getThemesForUser',
  get_themes_for_user_no_result: 'getThemesForUser',
  get_themes_for_user_owned: 'getThemesForUser',
  get_themes_for_user_wanted: 'getThemesForUser',
  get_themes_no_result: 'getThemes',
  get_user_notes_no_result: 'getUserNotes',
  get_years: 'getYears',
  get_years_for_user: 'getYearsForUser',
  get_years_for_user_no_result: 'getYearsForUser',
  get_years_for_user_wanted: 'getYearsForUser',
  get_years_no_result: 'getYears',
  login: 'login',
  login_invalid_credentials: 'login',
  set_collection: 'setCollection',
  set_collection_invalid: 'setCollection',
  set_collection_owns: 'setCollection_owns',
  set_collection_owns_invalid: 'setCollection_owns',
  set_collection_qty_owned: 'setCollection_qtyOwned',
  set_collection_qty_owned_invalid: 'setCollection_qtyOwned',
  set_collection_user_notes: 'setCollection_userNotes',
  set_collection_user_notes_invalid: 'setCollection_userNotes',
  set_collection_wants: 'setCollection_wants',
  set_collection_wants_invalid: 'setCollection_wants',
  set_minifig_collection: 'setMinifigCollection',
  set_minifig_collection_invalid: 'setMinifigCollection',
  set_user_rating: 'setUserRating',
  token_invalid: 'checkUserHash',
  token_valid: 'checkUserHash'
}

const body = (name: string): string => readFileSync(join(DIR, 'responses', `${name}.xml`), 'utf8')

function decode(name: string): unknown {
  const operation = FILES[name]
  if (operation === undefined) throw new Error(`no operation for ${name}`)
  return decodeResponse({
    service: 'v2',
    operation,
    binding: 'httpPost',
    namespace: PROD_NS,
    status: 200,
    contentType: 'text/xml; charset=utf-8',
    body: body(name)
  })
}

const errorOf = (name: string): AppError =>
  thrownError(() => decode(name), `${name} decoded without error`)

describe('production v2 responses', () => {
  it('has an operation for every recorded file, and a file for every entry', () => {
    const files = readdirSync(join(DIR, 'responses')).map((f) => f.replace(/\.xml$/, ''))
    expect(files.sort()).toEqual(Object.keys(FILES).sort())
  })

  it('decodes every recorded file: a value or the AppError its text stands for', () => {
    const errors: Record<string, ErrorCode> = {}
    for (const name of Object.keys(FILES)) {
      try {
        decode(name)
      } catch (e) {
        if (!(e instanceof AppError)) throw e
        errors[name] = e.code
      }
    }
    expect(errors).toEqual({
      api_key_invalid: 'invalid_key',
      login_invalid_credentials: 'invalid_credentials',
      set_collection_invalid: 'invalid_user_hash',
      set_collection_owns_invalid: 'invalid_user_hash',
      set_collection_qty_owned_invalid: 'invalid_user_hash',
      set_collection_user_notes_invalid: 'invalid_user_hash',
      set_collection_wants_invalid: 'invalid_user_hash',
      set_minifig_collection_invalid: 'invalid_user_hash',
      token_invalid: 'invalid_user_hash'
    })
  })

  it('reads the 10179 set field by field, by the record table', () => {
    const sets = decode('get_sets') as SetRecord[]
    expect(sets).toHaveLength(2)
    const falcon = sets[0]
    expect(falcon).toMatchObject({
      setID: 5860,
      number: '10179',
      numberVariant: 1,
      name: "Ultimate Collector's Millennium Falcon",
      year: '2007',
      pieces: '5197',
      minifigs: '5',
      image: true,
      serviceURL: 'https://brickset.com/sets/10179-1',
      owned: false,
      wanted: true,
      qtyOwned: 0,
      userNotes: 'A long time ago in a galaxy far, far away...',
      UKRetailPrice: '342.49',
      USRetailPrice: '499.99',
      CARetailPrice: '',
      USDateAddedToSAH: '2007-10-24',
      rating: 4.76190476190476,
      ageMin: '16',
      ageMax: '',
      userRating: '0',
      EAN: '',
      // Left out by production: a null string, not an empty one.
      notes: null,
      tags: null,
      description: null
    })
    expect(falcon?.lastUpdated).toBeInstanceOf(Date)
    expect(falcon?.lastUpdated.toISOString()).toBe('2017-08-23T21:44:34.273Z')
    expect(Object.keys(falcon ?? {})).not.toContain('bricksetURL')
    expect(sets[1]).toMatchObject({
      setID: 26725,
      number: '75192',
      CARetailPrice: '899.99',
      rating: 5
    })
  })

  it('reads the recently updated 10179 with its empty notes as an empty string', () => {
    const [set] = decode('get_recently_updated_sets') as SetRecord[]
    expect(set?.userNotes).toBe('')
    expect(set?.pieces).toBe('5197')
  })

  it('reads the login hash exactly as sent, and the user name of a valid hash', () => {
    expect(decode('login')).toBe('abc123!@#')
    expect(decode('token_valid')).toBe('darth-vader')
    expect(decode('api_key_valid')).toBe('OK')
    expect(decode('set_user_rating')).toBe('OK')
  })

  it('keeps the reason of each ERROR string', () => {
    expect(errorOf('set_collection_invalid').detail).toMatchObject({
      reason: 'invalid userHash',
      operation: 'setCollection',
      binding: 'httpPost',
      status: 200
    })
    expect(errorOf('login_invalid_credentials').detail?.reason).toBe(
      'invalid username and/or password'
    )
  })

  it('reads nil roots as empty lists, including one without an XML declaration', () => {
    for (const name of Object.keys(FILES).filter((n) => n.endsWith('no_result'))) {
      const v = decode(name)
      if (FILES[name] === 'getCollectionTotals') continue
      expect(v, name).toEqual([])
    }
    expect(decode('get_recently_updated_sets_invalid_key')).toEqual([])
  })

  it('reads totals, conditions, minifigs, instructions and per-user counts', () => {
    expect(decode('get_collection_totals')).toEqual({
      totalSetsOwned: 126,
      totalDistinctSetsOwned: 121,
      totalSetsWanted: 85,
      totalMinifigsOwned: 156,
      totalMinifigsWanted: 40
    })
    expect(
      (decode('get_collection_detail_conditions') as { condition: string }[]).map(
        (c) => c.condition
      )
    ).toEqual(['Assembled', 'Bagged up', 'Boxed', 'MISB', 'Modified', 'Parted out', 'Unknown'])
    expect(decode('get_minifig_collection')).toContainEqual({
      minifigNumber: '85863pb082',
      ownedInSets: 0,
      ownedLoose: 1,
      ownedTotal: 2,
      wanted: false
    })
    expect(decode('get_instructions')).toEqual([
      {
        URL: 'https://www.lego.com/biassets/bi/4525430.pdf',
        description: 'Building instruction 10179'
      }
    ])
    expect(decode('get_subthemes_for_user_owned')).toContainEqual({
      theme: 'Star Wars',
      subtheme: 'MicroFighters',
      setCount: 2,
      yearFrom: 0,
      yearTo: 0
    })
  })

  it('refuses a production answer when the client expects another namespace', () => {
    expect(() =>
      decodeResponse({
        service: 'v2',
        operation: 'getThemes',
        binding: 'httpPost',
        namespace: 'https://brickset.com/api',
        status: 200,
        contentType: 'text/xml; charset=utf-8',
        body: body('get_themes')
      })
    ).toThrow(expect.objectContaining({ code: 'unexpected_root' }) as Error)
  })

  it('discovers the namespace from the production WSDL and decodes through the client', async () => {
    const wsdl = readFileSync(join(DIR, 'v2.wsdl'), 'utf8')
    const seen: string[] = []
    const client = createServiceClient({
      profile: { baseUrl: 'https://catalogue.example' },
      secrets: () => ({ apiKey: 'k-123', userHash: 'h-456' }),
      fetch: async (req) => {
        seen.push(`${req.method} ${new URL(req.url).pathname}${new URL(req.url).search}`)
        if (req.method === 'GET')
          return new Response(wsdl, { headers: { 'content-type': 'text/xml' } })
        const form = new URLSearchParams(await req.text())
        expect(form.get('apiKey')).toBe('k-123')
        return new Response(body('get_sets'), {
          headers: { 'content-type': 'text/xml; charset=utf-8' }
        })
      }
    })
    const found = await client.discover()
    expect(found.v2.ok && found.v2.description.namespace).toBe(PROD_NS)
    expect(found.v2.ok && found.v2.description.operations).toHaveLength(28)
    const sets = await client.v2.getSets({ setNumber: '10179-1' })
    expect(sets[0]?.pieces).toBe('5197')
    expect(seen).toEqual([
      'GET /api/v2.asmx?WSDL',
      'GET /api/v3.asmx?WSDL',
      'GET /webservices/catalogue.asmx?WSDL',
      'POST /api/v2.asmx/getSets'
    ])
  })
})
