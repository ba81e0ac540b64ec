import { afterEach, describe, expect, it } from 'vitest'
import { dispatch } from '../../src/main/ipc/dispatch'
import { createLabelsHandlers } from '../../src/main/labels/index'
import type { Handlers } from '../../src/shared/ipc/contract'
import { labelCode, parseLabelCode } from '../../src/shared/model/box-label'
import { qrPath } from '../../src/shared/model/labels'
import type { LabelsDto } from '../../src/shared/model/labels'
import { completeCopy } from '../collection/copy-helpers'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { readLabelQr } from './qr-read'

/** Box labels (issue #30 §4) on a real SQLite store: which copies get one, and what each says. */

let h: EditHarness
afterEach(() => {
  h.close()
})

async function setup() {
  h = await editHarness({ sets: [1, 2, 3, 4, 5] })
  const labels = createLabelsHandlers({ store: h.store, profileId: () => h.profileId })
  const call = async (input: unknown) =>
    dispatch({ ...h.handlers, ...labels } as unknown as Handlers, 'labels:list', input)
  const list = async (input: unknown): Promise<LabelsDto> => {
    const r = await call(input)
    if (!r.ok) throw new Error(r.error.message)
    return r.value as LabelsDto
  }
  return { call, list }
}

const copy = (location: string) => completeCopy({ location })

describe('labels:list', () => {
  it('labels every live copy of the chosen sets, in set-number order', async () => {
    const { list } = await setup()
    const a = await h.handlers['collection:saveCopy']({ setID: 3, copy: copy('Attic › Shelf 2') })
    const b = await h.handlers['collection:saveCopy']({ setID: 1, copy: copy('Cellar') })
    const c = await h.handlers['collection:saveCopy']({ setID: 1, copy: copy('') })
    const gone = await h.handlers['collection:saveCopy']({ setID: 3, copy: copy('Bin') })
    await h.handlers['collection:deleteCopy']({ setID: 3, localId: gone.localId })
    // A deleted copy the service still holds stays as a tombstone until its delete goes out.
    h.store.write
      .prepare(
        `INSERT INTO copies (local_id, profile_id, set_id, collection_id, deleted, updated_at)
                VALUES ('tomb', ?, 3, 55, 1, '2026-01-01T00:00:00.000Z')`
      )
      .run(h.profileId)
    await h.handlers['collection:saveCopy']({ setID: 2, copy: copy('Not chosen') })
    const r = await list({ setIDs: [3, 1] })
    expect(r.labels.map((l) => [l.fullNumber, l.localId, l.location])).toEqual([
      ['1-1', b.localId, 'Cellar'],
      ['1-1', c.localId, ''],
      ['3-1', a.localId, 'Attic › Shelf 2']
    ])
    expect(r.labels[0]).toMatchObject({ setID: 1, name: 'Set number 1' })
    expect(r).toMatchObject({ withoutRecord: 0, setsWithout: 0 })
  })

  it('names a copy by its service ID once it has one, else by its local id’s head', async () => {
    const { list } = await setup()
    const a = await h.handlers['collection:saveCopy']({ setID: 2, copy: copy('') })
    const b = await h.handlers['collection:saveCopy']({ setID: 2, copy: copy('') })
    h.store.write
      .prepare('UPDATE copies SET collection_id = 4711 WHERE local_id = ?')
      .run(a.localId)
    const r = await list({ setIDs: [2] })
    const ids = new Map(r.labels.map((l) => [l.localId, l.copyId]))
    expect(ids.get(a.localId)).toBe('#4711')
    expect(ids.get(b.localId)).toBe(`local ${b.localId.slice(0, 8)}`)
  })

  it('counts what it cannot label: units without a record, sets with no copy', async () => {
    const { list } = await setup()
    await h.handlers['collection:saveCopy']({ setID: 4, copy: copy('') })
    // Quantity raised above the copies recorded: those units have no id to print.
    h.store.write
      .prepare('UPDATE set_state SET qty_owned = 3 WHERE profile_id = ? AND set_id = 4')
      .run(h.profileId)
    await h.handlers['collection:updateSet']({ setID: 5, patch: { wanted: true } })
    const r = await list({ setIDs: [4, 5, 5] })
    expect(r.labels).toHaveLength(1)
    expect(r).toMatchObject({ withoutRecord: 2, setsWithout: 1 })
  })

  it('labels the copies of every owned set with scope owned', async () => {
    const { list } = await setup()
    await h.handlers['collection:saveCopy']({ setID: 5, copy: copy('') })
    await h.handlers['collection:saveCopy']({ setID: 2, copy: copy('') })
    const r = await list({ scope: 'owned' })
    expect(r.labels.map((l) => l.setID)).toEqual([2, 5])
  })

  it('labels the copies of one location and the places inside it, as the shelf reads paths', async () => {
    const { list } = await setup()
    const a = await h.handlers['collection:saveCopy']({ setID: 4, copy: copy('Attic › Shelf 2') })
    const b = await h.handlers['collection:saveCopy']({
      setID: 1,
      copy: copy('attic/shelf 2/Bin 1')
    })
    await h.handlers['collection:saveCopy']({ setID: 2, copy: copy('Attic › Shelf 3') })
    await h.handlers['collection:saveCopy']({ setID: 3, copy: copy('Cellar') })
    const r = await list({ location: 'Attic › Shelf 2' })
    expect(new Set(r.labels.map((l) => l.localId))).toEqual(new Set([a.localId, b.localId]))
    expect(r.labels.find((l) => l.localId === b.localId)?.location).toBe('attic/shelf 2/Bin 1')
    expect((await list({ location: 'Nowhere' })).labels).toEqual([])
  })

  it('puts the copy’s own label code in its QR, which a decoder reads back', async () => {
    const { list } = await setup()
    await h.handlers['collection:saveCopy']({ setID: 1, copy: copy('') })
    h.store.write
      .prepare(
        `INSERT INTO copies (local_id, profile_id, set_id, collection_id, updated_at)
                VALUES ('c1-987654', ?, 1, 987654, '2026-01-01T00:00:00.000Z')`
      )
      .run(h.profileId)
    const r = await list({ setIDs: [1] })
    expect(r.labels).toHaveLength(2)
    for (const l of r.labels) {
      expect(l.code).toBe(labelCode(l.localId))
      const read = readLabelQr(l.qr)
      expect(read).toBe(l.code)
      expect(parseLabelCode(read ?? '')).toBe(l.localId)
    }
  })

  it('refuses a malformed scope and changes nothing', async () => {
    const { call } = await setup()
    for (const bad of [
      {},
      { setIDs: [] },
      { setIDs: [1], extra: 1 },
      { scope: 'all' },
      { location: '  ' }
    ]) {
      const r = await call(bad)
      expect(r.ok ? 'ok' : r.error.code).toBe('invalid_input')
    }
  })
})

describe('a long run of labels', () => {
  it('lets the main thread answer while its QR codes are drawn', async () => {
    const { list } = await setup()
    const insert = h.store.write.prepare(
      `INSERT INTO copies (local_id, profile_id, set_id, updated_at)
       VALUES (?, ?, 2, '2026-01-01T00:00:00.000Z')`
    )
    for (let i = 0; i < 400; i++) insert.run(`bulk-${String(i).padStart(4, '0')}`, h.profileId)
    let ticked = false
    // Scheduled before the call: it runs before the answer only if the build yields between slices.
    setImmediate(() => {
      ticked = true
    })
    const answer = list({ setIDs: [2] }).then((r) => ({ r, tickedFirst: ticked }))
    const { r, tickedFirst } = await answer
    expect(r.labels).toHaveLength(400)
    expect(tickedFirst).toBe(true)
  })
})

describe('the QR as it crosses IPC', () => {
  it('is packed modules, a few hundred characters, drawn by qrPath as runs of dark modules', async () => {
    const { list } = await setup()
    const c = await h.handlers['collection:saveCopy']({ setID: 1, copy: copy('') })
    const [l] = (await list({ setIDs: [1] })).labels
    if (!l) throw new Error('no label')
    expect(l.localId).toBe(c.localId)
    expect(l.qr.modules).toMatch(/^[0-9a-f]+$/)
    expect(l.qr.modules.length).toBe(Math.ceil((l.qr.size * l.qr.size) / 4))
    expect(l.qr.modules.length).toBeLessThan(400)
    // A QR's top-left finder: row 0 starts with 7 dark modules, then a light one.
    expect(qrPath(l.qr).startsWith('M0 0h7v1h-7z')).toBe(true)
    // Every dark module is in exactly one run: the bits set in the packed hex.
    let dark = 0
    for (const d of l.qr.modules.match(/./g) ?? []) {
      for (let v = Number.parseInt(d, 16); v > 0; v >>= 1) dark += v & 1
    }
    const ran = [...qrPath(l.qr).matchAll(/h(\d+)v1/g)].reduce((n, m) => n + Number(m[1]), 0)
    expect(ran).toBe(dark)
  })
})
