import { afterEach, describe, expect, it } from 'vitest'
import { markSent, sentValues } from '../../src/main/collection/outbox-repo'
import { editHarness } from './harness'
import type { EditHarness } from './harness'

/** What a row sent since its base (issue #26): every value, recorded before each write. */

let h: EditHarness
afterEach(() => {
  h.close()
})

const sentOf = (id: number) =>
  sentValues(
    h.store.read.prepare('SELECT sent FROM outbox WHERE id = ?').get(id) as { sent: string | null }
  )

async function noteRow(): Promise<number> {
  h = await editHarness()
  await h.handlers['collection:updateSet']({ setID: 1, patch: { notes: 'a' } })
  const row = h.store.read.prepare("SELECT id FROM outbox WHERE field = 'notes'").get() as {
    id: number
  }
  return row.id
}

describe('the values an outbox row sent', () => {
  it('keeps every value sent, each once, newest last', async () => {
    const id = await noteRow()
    expect(sentOf(id)).toEqual([])
    for (const v of ['"a"', '"b"', '"a"', '"c"']) markSent(h.store.write, id, v, 'now')
    expect(sentOf(id)).toEqual(['"b"', '"a"', '"c"'])
  })

  it('reads a row an earlier build recorded with one value', async () => {
    const id = await noteRow()
    h.store.write.prepare('UPDATE outbox SET sent = ? WHERE id = ?').run('"from before"', id)
    expect(sentOf(id)).toEqual(['"from before"'])
    markSent(h.store.write, id, '"now"', 'now')
    expect(sentOf(id)).toEqual(['"from before"', '"now"'])
  })

  it('keeps the newest 32 values, and reads a damaged record as none', async () => {
    const id = await noteRow()
    for (let i = 0; i < 40; i++) markSent(h.store.write, id, String(i), 'now')
    expect(sentOf(id)).toEqual(Array.from({ length: 32 }, (_, i) => String(i + 8)))
    h.store.write.prepare('UPDATE outbox SET sent = ? WHERE id = ?').run('{not json', id)
    expect(sentOf(id)).toEqual([])
  })
})
