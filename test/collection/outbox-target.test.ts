import { afterEach, describe, expect, it } from 'vitest'
import { BLANK_COPY } from '../../src/shared/model/collection'
import { editHarness } from './harness'
import type { EditHarness } from './harness'

let h: EditHarness
afterEach(() => {
  h.close()
})

const rows = () =>
  h.store.read.prepare('SELECT id, target, field, state FROM outbox ORDER BY id').all()
const labels = () => h.store.read.prepare('SELECT * FROM flag_labels ORDER BY flag_no').all()
const notes = () =>
  h.store.read.prepare('SELECT set_id, notes FROM set_state ORDER BY set_id').all()

/** A handler's answer or failure as a promise, whether it answers at once or later. */
const settle = (run: () => unknown): Promise<unknown> => Promise.resolve().then(run)

/** An outbox row as an older or broken build might have left it. */
async function unreadableRow(target: string, field: string): Promise<number> {
  await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'mine' } })
  h.store.write.prepare('UPDATE outbox SET target = ?, field = ?').run(target, field)
  const [item] = await h.handlers['outbox:list']({})
  return item?.id ?? 0
}

describe('an outbox row whose target cannot be read', () => {
  it.each([
    ['an unknown kind', 'widget:3', 'label'],
    ['a set id that is not a number', 'set:abc', 'notes'],
    ['a field no set has', 'set:1', 'colour'],
    ['a flag number out of range', 'label:9', 'label'],
    ['flag number 0', 'label:0', 'label'],
    ['a label row with another field', 'label:3', 'notes'],
    ['no kind at all', '17', 'notes'],
    ['a copy without an id', 'copy:', 'copy'],
    ['a copy row with a set field', 'copy:c1-5', 'notes'],
    ['a minifigure without a number', 'minifig:', 'minifig'],
    ['a minifigure row with another field', 'minifig:cas001', 'label']
  ])('discard (%s) says so and changes nothing', async (_why, target, field) => {
    h = await editHarness()
    const id = await unreadableRow(target, field)
    const before = { rows: rows(), labels: labels(), notes: notes() }
    await expect(settle(() => h.handlers['outbox:discard']({ id }))).rejects.toMatchObject({
      code: 'db_error',
      message: `A waiting change cannot be read (${target} ${field}); it was left as it is.`,
      detail: { field: 'target' }
    })
    expect({ rows: rows(), labels: labels(), notes: notes() }).toEqual(before)
  })

  it('keeping the service value of such a conflict says so and changes nothing', async () => {
    h = await editHarness()
    const id = await unreadableRow('label:x', 'label')
    h.store.write.prepare(`UPDATE outbox SET state = 'conflict', server = '"theirs"'`).run()
    const before = { rows: rows(), labels: labels(), notes: notes() }
    await expect(
      settle(() => h.handlers['outbox:resolveConflict']({ id, keep: 'theirs' }))
    ).rejects.toMatchObject({ code: 'db_error' })
    expect({ rows: rows(), labels: labels(), notes: notes() }).toEqual(before)
  })
})

describe('a copy row that lost its set', () => {
  it('is refused too: a copy is never written without knowing its set', async () => {
    h = await editHarness()
    const copy = await h.handlers['collection:saveCopy']({
      setID: 2,
      copy: { ...BLANK_COPY, pricePaid: 1 }
    })
    h.store.write.prepare(`UPDATE outbox SET set_id = NULL WHERE field = 'copy'`).run()
    const row = (await h.handlers['outbox:list']({})).find((r) => r.field === 'copy')
    const before = rows()
    await expect(
      settle(() => h.handlers['outbox:discard']({ id: row?.id ?? 0 }))
    ).rejects.toMatchObject({
      code: 'db_error'
    })
    expect(rows()).toEqual(before)
    expect(await h.handlers['collection:listCopies']({ setID: 2 })).toMatchObject([
      { localId: copy.localId }
    ])
  })
})
