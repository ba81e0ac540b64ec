import { describe, expect, it } from 'vitest'
import { harnessEachTest } from './sync-pull-harness'
import type { Harness } from './sync-pull-harness'

/**
 * Before the pull removes what the service no longer lists, the sync asks whether the key and the
 * sign-in still work (account/credential-check.ts). A service whose checkKey says `OK (v2)` said
 * yes (issue 27): the removal goes ahead instead of the sync failing on an "unknown answer".
 */

const harness = harnessEachTest()

const owned = (x: Harness): number[] =>
  (
    x.store.read
      .prepare('SELECT set_id AS id FROM set_state WHERE owned = 1 ORDER BY set_id')
      .all() as { id: number }[]
  ).map((r) => r.id)

describe('the credential check before a removal', () => {
  it.each(['OK (v2)', 'ok', ' OK. '])('takes checkKey answered %j as a yes', async (yes) => {
    const x = await harness(300)
    const who = x.svc.demo.username
    expect((await x.sync.run()).error).toBeNull()
    const before = owned(x)
    const gone = before[0] ?? 0
    expect(before.length).toBeGreaterThan(1)

    const checks: string[] = []
    const svc = x.svc
    x.intercept = async (req) => {
      const body = await req.clone().text()
      if (!/\/checkKey$/i.test(new URL(req.url).pathname) && !/<(\w+:)?checkKey\b/.test(body)) {
        return null
      }
      const answer = await svc.handle(req)
      const text = await answer.text()
      checks.push(text)
      return new Response(text.replace(/>OK</, `>${yes}<`), {
        status: answer.status,
        headers: answer.headers
      })
    }
    x.svc.admin.setCollectionValue(who, gone, { qtyOwned: 0, owned: false })
    const status = await x.sync.run()
    expect(checks.length).toBeGreaterThan(0)
    expect(status.error).toBeNull()
    expect(owned(x)).toEqual(before.filter((id) => id !== gone))
  })
})
