import { afterEach, describe, expect, it } from 'vitest'
import { markRow } from '../../src/main/collection/outbox-repo'
import { editHarness } from './harness'
import type { EditHarness } from './harness'
import { COPY } from './copy-helpers'

/**
 * Stored JSON is parsed, never cast (issue #31): a backup installed from the recovery screen
 * reaches the journal's lists and the outbox's values. A damaged one (not JSON, the wrong shape, a
 * value the tables would refuse) is an AppError `db_error` that names it, and nothing is written:
 * the journal, the outbox and the collection's own tables stay byte for byte as they were.
 */

let h: EditHarness
afterEach(() => {
  h.close()
})

const TABLES = ['journal', 'outbox', 'set_state', 'copies', 'minifig_state', 'flag_labels']

/** Every row of the tables an undo, a discard or a resolve may write. */
const snapshot = () =>
  Object.fromEntries(
    TABLES.map((t) => [t, h.store.read.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()])
  )

const attempt = (f: () => unknown) => Promise.resolve().then(f)

/** Damage of each kind, for a value whose good form is `good` (JSON text). */
const DAMAGE: readonly (readonly [string, string])[] = [
  ['not JSON', '{"kind":"set",'],
  ['the wrong shape', '{"kind":"set","setID":1}'],
  ['a value out of range', 'OUT_OF_RANGE']
]

const journalIds = () =>
  (h.store.read.prepare('SELECT id FROM journal ORDER BY id').all() as { id: number }[]).map(
    (r) => r.id
  )

describe('a damaged journal entry', () => {
  const outOfRange = JSON.stringify([
    { kind: 'set', setID: 1, field: 'qtyOwned', value: 5000 },
    { kind: 'set', setID: 1, field: 'notes', value: 'x' }
  ])
  for (const [what, text] of DAMAGE) {
    for (const which of ['undo', 'redo'] as const) {
      it(`${which} of an entry holding ${what} is a db_error and writes nothing`, async () => {
        h = await editHarness()
        await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'first' } })
        await h.handlers['collection:updateSet']({ setID: 1, patch: { qtyOwned: 2 } })
        const [, last] = journalIds()
        if (which === 'redo') await h.handlers['journal:undo']({})
        const column = which === 'undo' ? 'backward' : 'forward'
        const bad = text === 'OUT_OF_RANGE' ? outOfRange : text
        h.store.write.prepare(`UPDATE journal SET ${column} = ? WHERE id = ?`).run(bad, last)
        const before = snapshot()
        h.changes.length = 0
        await expect(
          attempt(() => h.handlers[`journal:${which}`]({ entryId: last }))
        ).rejects.toMatchObject({
          name: 'AppError',
          code: 'db_error',
          message: expect.stringMatching(
            new RegExp(`^The journal entry ${String(last)} \\(its ${which}\\) cannot be read`)
          ) as unknown
        })
        expect(snapshot()).toEqual(before)
        expect(h.changes).toEqual([])
      })
    }
  }
})

const outboxRow = (field: string) => {
  const row = h.store.read
    .prepare('SELECT id FROM outbox WHERE field = ? ORDER BY id LIMIT 1')
    .get(field) as { id: number } | undefined
  if (!row) throw new Error(`no outbox row for ${field}`)
  return row.id
}

/** A conflict on the row of `field`, with `server` stored as the service's value, as it is. */
function conflictWith(field: string, server: string): number {
  const id = outboxRow(field)
  markRow(h.store.write, id, { state: 'conflict', reason: 'Changed there.', server }, 'x')
  return id
}

describe('a damaged outbox value', () => {
  const cases: readonly {
    readonly field: string
    readonly edit: (h: EditHarness) => unknown
    readonly outOfRange: string
  }[] = [
    {
      field: 'rating',
      edit: (h) => h.handlers['collection:updateSet']({ setID: 2, patch: { rating: 3 } }),
      outOfRange: '9'
    },
    {
      field: 'minifig',
      edit: (h) => {
        h.store.write
          .prepare(
            `INSERT INTO minifigs (profile_id, minifig_number, name, category) VALUES (?, 'cas001', 'Knight', 'Castle')`
          )
          .run(h.profileId)
        return h.handlers['collection:updateMinifig']({ minifigNumber: 'cas001', ownedLoose: 2 })
      },
      outOfRange: '{"ownedLoose":-1,"wanted":false}'
    },
    {
      field: 'copy',
      edit: (h) => h.handlers['collection:saveCopy']({ setID: 3, copy: COPY }),
      outOfRange: JSON.stringify({ ...COPY, dateAcquired: '1st May' })
    },
    {
      field: 'label',
      edit: (h) => h.handlers['flags:setLabel']({ flagNo: 4, label: 'Lent' }),
      outOfRange: '42'
    }
  ]
  for (const c of cases) {
    for (const [what, text] of DAMAGE) {
      const bad = text === 'OUT_OF_RANGE' ? c.outOfRange : text
      it(`discarding a ${c.field} change whose base is ${what} is a db_error, nothing written`, async () => {
        h = await editHarness()
        await c.edit(h)
        const id = outboxRow(c.field)
        h.store.write.prepare('UPDATE outbox SET base = ? WHERE id = ?').run(bad, id)
        const before = snapshot()
        await expect(attempt(() => h.handlers['outbox:discard']({ id }))).rejects.toMatchObject({
          code: 'db_error',
          message: expect.stringMatching(
            /^A waiting change cannot be read \(.+\); nothing was changed\.$/
          ) as unknown
        })
        expect(snapshot()).toEqual(before)
      })

      for (const keep of ['theirs', 'mine'] as const) {
        it(`keeping ${keep} of a ${c.field} conflict whose service value is ${what}: db_error, nothing written`, async () => {
          h = await editHarness()
          await c.edit(h)
          const id = conflictWith(c.field, bad)
          const before = snapshot()
          await expect(
            attempt(() => h.handlers['outbox:resolveConflict']({ id, keep }))
          ).rejects.toMatchObject({ code: 'db_error' })
          expect(snapshot()).toEqual(before)
        })
      }
    }
  }
})
