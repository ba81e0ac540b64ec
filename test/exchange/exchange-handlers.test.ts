import Papa from 'papaparse'
import { afterEach, describe, expect, it } from 'vitest'
import { createExchangeHandlers } from '../../src/main/exchange/handlers'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'

let h: EditHarness
afterEach(() => {
  h.close()
})

const state = (id: number) =>
  h.store.read.prepare('SELECT owned, qty_owned, wanted FROM set_state WHERE set_id = ?').get(id)

describe('exchange handlers over the real store', () => {
  it('exports the local collection; the file parses back to the same rows', async () => {
    h = await editHarness()
    const x = createExchangeHandlers({ ...h.deps, files: null })
    await h.handlers['collection:updateSet']({ setID: 1, patch: { qtyOwned: 2, notes: '=cmd()' } })
    await h.handlers['collection:updateSet']({ setID: 3, patch: { wanted: true } })
    await h.handlers['flags:setLabel']({ flagNo: 1, label: 'Shelf' })
    await h.handlers['collection:updateSet']({ setID: 3, patch: { flags: { '1': true } } })
    const file = await x['exchange:export']({
      format: 'collection',
      bom: false,
      saveWithDialog: false
    })
    const rows = Papa.parse<Record<string, string>>(file.content, {
      header: true,
      skipEmptyLines: true
    }).data
    expect(rows.map((r) => [r.Number, r['Qty owned'], r.Wanted, r.Notes, r.Shelf])).toEqual([
      ['1-1', '2', 'No', "'=cmd()", 'No'],
      ['3-1', '0', 'Yes', '', 'Yes']
    ])
    expect(file).toMatchObject({ rows: 2, savedTo: null, mime: 'text/csv' })
  })

  it('import: preview lists adds, changes, unknown; apply is one undoable batch', async () => {
    h = await editHarness()
    const x = createExchangeHandlers({ ...h.deps, files: null })
    await h.handlers['collection:updateSet']({ setID: 2, patch: { wanted: true } })
    const content =
      'Set Number,Quantity,Includes Spares,Inventory Ver\n1-1,2,True,1\n2-1,1,True,1\n77777-1,1,True,1\n'
    const preview = await x['exchange:previewImport']({ format: 'rebrickable', content })
    expect(preview).toMatchObject({
      adds: 1,
      changes: 1,
      unchanged: 0,
      problems: [{ line: 4, reason: 'Set 77777-1 is not in the catalogue.' }],
      rows: 3,
      canApply: true
    })
    expect(state(1)).toBeUndefined() // a preview changes nothing

    const result = await x['exchange:applyImport']({ previewId: preview.previewId })
    expect(result.applied).toBe(2)
    expect(state(1)).toEqual({ owned: 1, qty_owned: 2, wanted: 0 })
    expect(state(2)).toEqual({ owned: 1, qty_owned: 1, wanted: 1 })
    const pending = h.store.read
      .prepare("SELECT count(*) AS n FROM outbox WHERE target IN ('set:1', 'set:2')")
      .get()
    expect(pending).toEqual({ n: 5 }) // owned + quantity of both sets, and the earlier wanted edit

    await h.handlers['journal:undo']({})
    expect(state(1)).toEqual({ owned: 0, qty_owned: 0, wanted: 0 })
    expect(state(2)).toEqual({ owned: 0, qty_owned: 0, wanted: 1 })
    await expect(
      Promise.resolve().then(() => x['exchange:applyImport']({ previewId: preview.previewId }))
    ).rejects.toMatchObject({ code: 'not_found' })
  })

  it('a malformed file is refused and nothing changes', async () => {
    h = await editHarness()
    const x = createExchangeHandlers({ ...h.deps, files: null })
    await expect(
      Promise.resolve().then(() =>
        x['exchange:previewImport']({ format: 'brickeconomy', content: 'Foo,Bar\n1,2\n' })
      )
    ).rejects.toMatchObject({ code: 'invalid_input' })
    expect(h.store.read.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 })
  })

  it('saves through the host file chooser when asked', async () => {
    h = await editHarness()
    const saved: string[] = []
    const x = createExchangeHandlers({
      ...h.deps,
      files: {
        saveText: (name, content) => {
          saved.push(name, content)
          return Promise.resolve({ saved: true, path: `/home/u/${name}` })
        },
        openText: () => Promise.resolve(null)
      }
    })
    await h.handlers['collection:updateSet']({ setID: 4, patch: { wanted: true } })
    const r = await x['exchange:export']({ format: 'bricklink', bom: false, saveWithDialog: true })
    expect(r.savedTo).toMatch(/^\/home\/u\/bricklink-wanted-\d{4}-\d{2}-\d{2}\.xml$/)
    expect(saved[1]).toContain('<ITEMID>4-1</ITEMID>')
  })
})
