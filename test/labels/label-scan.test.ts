import { afterEach, describe, expect, it } from 'vitest'
import { createScanHandlers } from '../../src/main/collection/scan'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { Handlers } from '../../src/shared/ipc/contract'
import { LABEL_PREFIX, labelCode } from '../../src/shared/model/box-label'
import type { ScanResultDto } from '../../src/shared/model/scan'
import { completeCopy } from '../collection/copy-helpers'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'

/**
 * Scan mode reads a box label (issue #30 §4): the copy it names is shown with its set, and
 * nothing is written whatever the action: the box in hand is a copy already counted.
 */

let h: EditHarness
afterEach(() => {
  h.close()
})

async function setup() {
  h = await editHarness({ sets: [1, 2] })
  const scan = createScanHandlers(h.deps)
  const call = async (input: unknown) =>
    dispatch({ ...h.handlers, ...scan } as unknown as Handlers, 'collection:scan', input)
  const scanned = async (input: unknown): Promise<ScanResultDto> => {
    const r = await call(input)
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
    return r.value as ScanResultDto
  }
  return { call, scanned }
}

const written = () =>
  h.store.read
    .prepare(
      `SELECT (SELECT count(*) FROM journal) AS journal, (SELECT count(*) FROM outbox) AS outbox,
         (SELECT group_concat(qty_owned) FROM set_state) AS qty,
         (SELECT count(*) FROM copies) AS copies`
    )
    .get()

describe('scanning a box label', () => {
  it.each(['owned', 'wanted', 'copy'] as const)(
    'with action %s finds the copy and its set, and writes nothing',
    async (action) => {
      const { scanned } = await setup()
      const c = await h.handlers['collection:saveCopy']({
        setID: 2,
        copy: completeCopy({ location: 'Attic › Shelf 2' })
      })
      const before = written()
      const r = await scanned({ code: labelCode(c.localId), action })
      expect(r).toMatchObject({
        status: 'copy',
        journalId: null,
        set: { setID: 2, fullNumber: '2-1' },
        copy: { localId: c.localId, location: 'Attic › Shelf 2' }
      })
      expect(r.copy?.copyId).toBe(`local ${c.localId.slice(0, 8)}`)
      expect(r.summary).toBe(
        'Your copy of 2-1 Set number 2 (label) — at Attic › Shelf 2; nothing added'
      )
      expect(written()).toEqual(before)
    }
  )

  it('reads a label as scanners send it, and a service-numbered copy by its ID', async () => {
    const { scanned } = await setup()
    h.store.write
      .prepare(
        `INSERT INTO copies (local_id, profile_id, set_id, collection_id, updated_at)
         VALUES ('c1-424242', ?, 1, 424242, '2026-01-01T00:00:00.000Z')`
      )
      .run(h.profileId)
    const r = await scanned({ code: ` ${LABEL_PREFIX.toLowerCase()}c1-424242 `, action: 'owned' })
    expect(r).toMatchObject({ status: 'copy', copy: { copyId: '#424242', location: '' } })
    expect(r.summary).toMatch(/no location/)
  })

  it('an unknown, deleted or foreign label is unknown, says so, and changes nothing', async () => {
    const { scanned } = await setup()
    h.store.write
      .prepare(
        `INSERT INTO copies (local_id, profile_id, set_id, collection_id, deleted, updated_at)
         VALUES ('gone-1', ?, 1, 77, 1, '2026-01-01T00:00:00.000Z')`
      )
      .run(h.profileId)
    const before = written()
    for (const id of ['never-made', 'gone-1']) {
      const r = await scanned({ code: labelCode(id), action: 'copy' })
      expect(r).toMatchObject({ status: 'unknown', set: null, copy: null, journalId: null })
      expect(r.summary).toBe(
        `No copy in this collection has the label ${labelCode(id)}: it was deleted, or it belongs to another profile`
      )
    }
    expect(written()).toEqual(before)
  })

  it('a label-like text that is no label is refused as input, not looked up', async () => {
    const { call } = await setup()
    for (const code of [`${LABEL_PREFIX}a b`, `${LABEL_PREFIX}${'x'.repeat(65)}`, 'STUDBOOK:1']) {
      const r = await call({ code, action: 'owned' })
      expect(r.ok ? 'ok' : r.error.code).toBe('invalid_input')
    }
  })
})
