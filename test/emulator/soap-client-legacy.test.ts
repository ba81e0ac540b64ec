import { describe, expect, it } from 'vitest'
import { LEGACY_OPERATIONS } from '../../src/shared/protocol/operations'
import { serveReference } from './served-reference'
import { asList, notedPort, SOAP_VERSIONS } from './soap-port'

// An independent SOAP stack (the npm package `soap`), driven only by our WSDL of the earlier
// service (/webservices/catalogue.asmx).

const ref = serveReference({ sets: 400, seed: 7 })

describe.each(SOAP_VERSIONS)(
  'earlier service through the soap package over %s',
  (_label, soap12) => {
    it('calls every operation and gets the expected values', async () => {
      const { run, seen } = await notedPort(
        `${ref.url}/webservices/catalogue.asmx?WSDL`,
        'CatalogueWebService',
        { soap12 }
      )
      const apiKey = ref.service.demo.apiKey
      expect((await run('login', { u: 'demo', p: 'nope' })).loginResult ?? '').toBe('')
      const userHash = String(
        (await run('login', { u: ref.service.demo.username, p: ref.service.demo.password }))
          .loginResult
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
      expect((await run('updateQtyOwned', { userHash, setID, qty: 5 })).updateQtyOwnedResult).toBe(
        1
      )
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
      const touched = ref.service.admin.touchSets(1)
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
  }
)
