import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'

// 2,000 mixed requests from 32 concurrent loopback clients; a few injected faults; every write
// that was acknowledged with OK must be visible afterwards.

let service: ReferenceService
let url: string
let close: () => Promise<void>

beforeAll(async () => {
  service = createReferenceService({ sets: 2000, seed: 4 })
  const server = await listen(service)
  url = server.url
  close = () => server.close()
})
afterAll(async () => {
  await close()
  service.close()
})

describe('load', () => {
  it('serves 2,000 mixed requests from 32 clients without errors, keeping every acknowledged write', async () => {
    const apiKey = service.demo.apiKey
    const login = await (
      await fetch(`${url}/api/v2.asmx/login?apiKey=${apiKey}&username=demo&password=studbook-demo`)
    ).text()
    const userHash = /<string[^>]*>([^<]+)</.exec(login)?.[1] ?? ''
    const first = (await (
      await fetch(`${url}/api/v3.asmx/getSets?apiKey=${apiKey}&userHash=&params={pageSize:500}`)
    ).json()) as { sets: { setID: number }[] }
    const ids = first.sets.map((s) => s.setID)
    service.admin.addFault({ operation: 'getThemes', kind: { type: 'html500' }, times: 10 })
    const acknowledged = new Map<number, number>()
    let injected = 0
    let next = 0
    const TOTAL = 2000
    const one = async (i: number): Promise<void> => {
      const setID = ids[i % ids.length] ?? 0
      const kind = i % 5
      if (kind === 0) {
        const qty = (i % 7) + 1
        const res = await fetch(`${url}/api/v2.asmx/setCollection_qtyOwned`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            apiKey,
            userHash,
            setID: String(setID),
            qtyOwned: String(qty)
          }).toString()
        })
        expect(res.status).toBe(200)
        if ((await res.text()).includes('>OK<')) acknowledged.set(setID, qty)
      } else if (kind === 1) {
        const res = await fetch(`${url}/api/v2.asmx`, {
          method: 'POST',
          headers: { 'content-type': 'application/soap+xml; charset=utf-8' },
          body: `<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body><getSet xmlns="${service.namespaces.api}"><apiKey>${apiKey}</apiKey><userHash>${userHash}</userHash><SetID>${setID}</SetID></getSet></e:Body></e:Envelope>`
        })
        expect(res.status).toBe(200)
        expect(await res.text()).toContain(`<setID>${setID}</setID>`)
      } else if (kind === 2) {
        const res = await fetch(
          `${url}/api/v2.asmx/getSets?apiKey=${apiKey}&userHash=&query=&theme=&subtheme=&setNumber=&year=&owned=&wanted=&orderBy=&pageSize=50&pageNumber=${(i % 40) + 1}&userName=`
        )
        expect(res.status).toBe(200)
        expect((await res.text()).split('<sets>').length - 1).toBe(50)
      } else if (kind === 3) {
        const res = await fetch(`${url}/api/v2.asmx/getThemes?apiKey=${apiKey}`)
        if (res.status === 500 && res.headers.get('content-type')?.startsWith('text/html') === true)
          injected++
        else expect(res.status).toBe(200)
        await res.arrayBuffer()
      } else {
        const res = await fetch(`${url}/api/v3.asmx/getSets`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ apiKey, userHash, params: `{setID:'${setID}'}` }).toString()
        })
        const body = (await res.json()) as { status: string; sets: unknown[] }
        expect(body.status).toBe('success')
        expect(body.sets).toHaveLength(1)
      }
    }
    const worker = async (): Promise<void> => {
      while (next < TOTAL) await one(next++)
    }
    // No time limit beyond the suite's: at load 8-20 a minute proves nothing (speed is measured
    // by bench/emulator-service.ts).
    await Promise.all(Array.from({ length: 32 }, () => worker()))
    expect(injected).toBe(10)
    expect(acknowledged.size).toBeGreaterThan(0)
    // Writes to one set are 500 requests apart, never in flight together, so the last ack wins.
    for (const [setID, qty] of acknowledged) {
      expect(service.admin.getCollectionValue('demo', setID)).toMatchObject({
        qtyOwned: qty,
        owned: true
      })
    }
  })
})
