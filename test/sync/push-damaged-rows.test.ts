import { afterEach, describe, expect, it } from 'vitest'
import { COPY } from '../collection/copy-helpers'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'

/**
 * A push reads each outbox row's stored JSON through its schema (issue #31): a row damaged on disk
 * (a backup installed from the recovery screen) never reaches the service as a guess. The row is
 * set aside for the user with the AppError's words, its values stay as they were, nothing is
 * written to the service, and the rest of the collection is untouched.
 */

let h: PushHarness
afterEach(() => {
  h.close()
})

/** Request bodies (and URLs) the client sent. */
let sent: string[] = []

async function harness(): Promise<void> {
  sent = []
  h = await pushHarness({
    fetch: (svc) => async (req) => {
      sent.push(req.url + (await req.clone().text()))
      return svc.handle(req)
    }
  })
}

/** A write of a rating or of a copy's details (the set's raised quantity may go out: it is whole). */
const WRITES = /setUserRating|setCollectionDetail|\/setCollection[^_]/

const DAMAGED = "field IN ('rating', 'copy')"

const outboxRows = () =>
  h.store.read
    .prepare(
      `SELECT id, field, desired, base, sent, server, attempts FROM outbox WHERE ${DAMAGED} ORDER BY id`
    )
    .all()

const collection = (setID: number) => [
  h.store.read.prepare('SELECT * FROM set_state WHERE set_id = ?').all(setID),
  h.store.read.prepare('SELECT * FROM copies ORDER BY rowid').all(),
  h.store.read.prepare('SELECT * FROM journal ORDER BY rowid').all()
]

const states = () =>
  h.store.read
    .prepare(`SELECT field, state, reason FROM outbox WHERE ${DAMAGED} ORDER BY id`)
    .all() as {
    field: string
    state: string
    reason: string | null
  }[]

const DAMAGE = {
  'not JSON': { rating: '3,', copy: '{"dateAcquired":' },
  'the wrong shape': { rating: '"three"', copy: '[1,2]' },
  'a value out of range': {
    rating: '9',
    copy: JSON.stringify({ ...COPY, dateAcquired: '2024-5-1' })
  }
} as const

describe('a damaged outbox row is not pushed', () => {
  for (const [what, bad] of Object.entries(DAMAGE)) {
    for (const column of ['desired', 'base'] as const) {
      it(`a rating and a copy whose ${column} is ${what}: set aside, nothing sent or changed`, async () => {
        await harness()
        const [setA = 0, setB = 0] = h.setIDs
        await h.handlers['collection:updateSet']({ setID: setA, patch: { rating: 3 } })
        await h.handlers['collection:saveCopy']({ setID: setB, copy: COPY })
        const update = h.store.write.prepare(`UPDATE outbox SET ${column} = ? WHERE field = ?`)
        update.run(bad.rating, 'rating')
        update.run(bad.copy, 'copy')
        const rows = outboxRows()
        const before = collection(setA)
        sent = []
        await h.pusher.push()
        expect(sent.filter((b) => WRITES.test(b))).toEqual([])
        expect(outboxRows()).toEqual(rows)
        expect(collection(setA)).toEqual(before)
        const reason = expect.stringMatching(
          /^A waiting (copy )?change cannot be read \(.+\); nothing was changed\.$/
        ) as unknown
        expect(states()).toEqual([
          { field: 'rating', state: 'needs_attention', reason },
          { field: 'copy', state: 'needs_attention', reason }
        ])
      })
    }
  }
})
