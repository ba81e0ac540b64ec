import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as soap from 'soap'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import { createServiceClient } from '../../src/main/service/index'
import type { ServiceClient } from '../../src/main/service/index'

/**
 * A server we did not write: the npm `soap` package's soap.listen, serving our reference service's
 * WSDL with hand-written handlers. Our client must read its SOAP 1.1 and 1.2 answers.
 */
const servers: Server[] = []
const baseUrls: Record<'soap11' | 'soap12', string> = { soap11: '', soap12: '' }
let ns = ''

const THEMES = [
  { theme: 'Castle & Keep', setCount: 12, subthemeCount: 2, yearFrom: 1984, yearTo: 2024 },
  { theme: 'Space', setCount: 40, subthemeCount: 5, yearFrom: 1978, yearTo: 2023 }
]

beforeAll(async () => {
  const ref = createReferenceService({ sets: 10, seed: 1 })
  const wsdlRes = await ref.handle(new Request('http://127.0.0.1:9/api/v2.asmx?WSDL'))
  const wsdl = await wsdlRes.text()
  ns = ref.namespaces.api
  ref.close()
  const serviceName = /<wsdl:service name="([^"]+)"/.exec(wsdl)?.[1] ?? ''
  const handlers = {
    getThemes: (args: { apiKey?: string }) =>
      args.apiKey === 'key-1' ? { getThemesResult: { themes: THEMES } } : {},
    getCollectionTotals: () => ({
      getCollectionTotalsResult: {
        totalSetsOwned: 3,
        totalDistinctSetsOwned: 2,
        totalSetsWanted: 1,
        totalMinifigsOwned: 9,
        totalMinifigsWanted: 0
      }
    }),
    checkKey: (args: { apiKey?: string }) => ({
      checkKeyResult: args.apiKey === 'key-1' ? 'OK' : 'INVALIDKEY'
    }),
    login: (args: { username?: string }) => ({ loginResult: `hash-for-${args.username ?? ''}` })
  }
  const services = {
    [serviceName]: { [`${serviceName}Soap`]: handlers, [`${serviceName}Soap12`]: handlers }
  }
  // The soap package answers SOAP 1.1 unless told to speak 1.2: one listener for each.
  for (const binding of ['soap11', 'soap12'] as const) {
    const server = createServer((_req, res) => {
      res.statusCode = 404
      res.end()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    soap.listen(server, {
      path: '/api/v2.asmx',
      services,
      xml: wsdl,
      forceSoap12Headers: binding === 'soap12'
    })
    servers.push(server)
    baseUrls[binding] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }
})

afterAll(async () => {
  for (const server of servers) {
    await new Promise<void>((r) =>
      server.close(() => {
        r()
      })
    )
  }
})

function client(binding: 'soap11' | 'soap12', apiKey = 'key-1'): ServiceClient {
  return createServiceClient({
    profile: { baseUrl: baseUrls[binding], binding, namespaces: { api: ns } },
    secrets: () => ({ apiKey, userHash: 'u-1' }),
    retries: 0
  })
}

describe.each(['soap11', 'soap12'] as const)(
  'soap.listen answers our client over %s',
  (binding) => {
    it('a list result', async () => {
      const themes = await client(binding).v2.getThemes()
      expect(themes).toEqual(THEMES)
    })

    it('a single record', async () => {
      expect(await client(binding).v2.getCollectionTotals()).toEqual({
        totalSetsOwned: 3,
        totalDistinctSetsOwned: 2,
        totalSetsWanted: 1,
        totalMinifigsOwned: 9,
        totalMinifigsWanted: 0
      })
    })

    it('a string result and an in-band error', async () => {
      expect(await client(binding).v2.login({ username: 'ann', password: 'pw' })).toBe(
        'hash-for-ann'
      )
      await expect(client(binding).v2.checkKey()).resolves.toBeUndefined()
      await expect(client(binding, 'nope').v2.checkKey()).rejects.toMatchObject({
        code: 'invalid_key'
      })
    })

    it('an empty list when the server sends no result element', async () => {
      expect(await client(binding, 'other').v2.getThemes()).toEqual([])
    })
  }
)
