import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'
import { runChild } from './child-process'
import { pushRig } from './push-rig'

/**
 * Issue #13 item 7: the process dies (kill -9) after the service applied a push and before the
 * outbox row was removed. The next edit of the same field must go out, not become a conflict
 * with the value this very computer sent.
 */
const rig = pushRig('push-crash', 7)
const { svc, dir } = rig

const outbox = (h: PushHarness) =>
  h.store.read.prepare('SELECT field, state, desired, base FROM outbox').all()

describe('kill -9 between the service applying a push and the local commit', () => {
  it.each([
    ['notes', { notes: 'sent before the crash' }, {}, { notes: 'edited after the crash' }],
    ['rating', { rating: 4 }, {}, { rating: 2 }],
    // The quantity edit sends "owned" first; the service then holds one unit, not two.
    ['owned and quantity', { qtyOwned: 2 }, { owned: true, qtyOwned: 1 }, { qtyOwned: 5 }],
    ['a value edited back to where it started', { notes: 'sent, then undone' }, {}, { notes: '' }]
  ] as const)(
    '%s: the next edit is sent, not a conflict',
    async (_, first, held, second) => {
      const data = mkdtempSync(join(dir, 'data-'))
      const h = await pushHarness({ dir: data, svc })
      const setID = h.setIDs[0] ?? 0
      const userHash = h.secrets.userHash ?? ''
      await h.handlers['collection:updateSet']({ setID, patch: first })
      h.close()

      const run = await runChild(
        rig.child,
        [join(data, 'studbook.db'), rig.url, String(h.profileId)],
        undefined,
        {
          STUDBOOK_TEST_KEY: svc.demo.apiKey,
          STUDBOOK_TEST_HASH: userHash
        }
      )
      expect(run.signal).toBe('SIGKILL')
      expect(run.lines).toContain('CONFIRMED 200')
      // The service holds the value; the outbox still holds the row that sent it.
      expect(svc.admin.getCollectionValue('demo', setID)).toMatchObject({ ...first, ...held })

      const again = await pushHarness({ dir: data, svc, reuse: { userHash, setIDs: h.setIDs } })
      try {
        await again.handlers['collection:updateSet']({ setID, patch: second })
        const report = await again.pusher.push()
        expect(report).toMatchObject({ conflicts: 0, failed: 0, stopped: null })
        expect(outbox(again)).toEqual([])
        expect(svc.admin.getCollectionValue('demo', setID)).toMatchObject(second)
      } finally {
        again.close()
      }
    },
    30_000
  )

  it('a change made on the website after the crash is still a conflict', async () => {
    const data = mkdtempSync(join(dir, 'data-'))
    const h = await pushHarness({ dir: data, svc })
    const setID = h.setIDs[1] ?? 0
    const userHash = h.secrets.userHash ?? ''
    await h.handlers['collection:updateSet']({ setID, patch: { notes: 'sent before the crash' } })
    h.close()
    const run = await runChild(
      rig.child,
      [join(data, 'studbook.db'), rig.url, String(h.profileId)],
      undefined,
      { STUDBOOK_TEST_KEY: svc.demo.apiKey, STUDBOOK_TEST_HASH: userHash }
    )
    expect(run.signal).toBe('SIGKILL')
    svc.admin.setCollectionValue('demo', setID, { notes: 'typed on the website' })

    const again = await pushHarness({ dir: data, svc, reuse: { userHash, setIDs: h.setIDs } })
    try {
      await again.handlers['collection:updateSet']({ setID, patch: { notes: 'mine' } })
      expect(await again.pusher.push()).toMatchObject({ conflicts: 1 })
      expect(svc.admin.getCollectionValue('demo', setID).notes).toBe('typed on the website')
    } finally {
      again.close()
    }
  })
})
