import { afterEach, describe, expect, it } from 'vitest'
import { readSet } from '../../src/main/collection/collection-state-repo'
import { COPY, copyRecord, takeCopies } from './copy-helpers'
import { editHarness } from './harness'
import type { EditHarness } from './harness'

/**
 * The collection edits' refusals say what is wrong and change nothing: no state, no outbox row,
 * no journal entry, no redraw. And the edits that do go through touch only what they name.
 */

let h: EditHarness
afterEach(() => {
  h.close()
})

const attempt = (f: () => unknown) => Promise.resolve().then(f)

/** Everything an edit may write, to compare before and after a refusal. */
const snapshot = () => ({
  outbox: h.store.read.prepare('SELECT * FROM outbox ORDER BY id').all(),
  journal: h.store.read.prepare('SELECT count(*) AS n FROM journal').get(),
  copies: h.store.read.prepare('SELECT * FROM copies ORDER BY local_id').all(),
  sets: h.store.read.prepare('SELECT * FROM set_state ORDER BY set_id').all(),
  minifigs: h.store.read.prepare('SELECT * FROM minifig_state').all()
})

/** A catalogue figure, as the minifigure sync stores it. */
function knownFigure(number: string): void {
  h.store.write
    .prepare(
      `INSERT INTO minifigs (profile_id, minifig_number, name, category) VALUES (?, ?, 'Knight', 'Castle')`
    )
    .run(h.profileId, number)
}

/** The refusal of an edit to something that is not there: its sentence and the field it names. */
const notFound = (message: string, field: string) => ({
  code: 'not_found',
  message,
  detail: { field }
})

async function refused(call: () => unknown, expected: Record<string, unknown>): Promise<void> {
  const before = snapshot()
  const heard = h.changes.length
  await expect(attempt(call)).rejects.toMatchObject(expected)
  expect(snapshot()).toEqual(before)
  expect(h.changes.length).toBe(heard)
}

describe('refused edits name the problem and change nothing', () => {
  it('a set not in the catalogue, for a set edit and for a new copy', async () => {
    h = await editHarness()
    const notHere = notFound('Set 999 is not in the catalogue.', 'setID')
    await refused(
      () => h.handlers['collection:updateSet']({ setID: 999, patch: { owned: true } }),
      notHere
    )
    await refused(() => h.handlers['collection:saveCopy']({ setID: 999, copy: COPY }), notHere)
  })

  it('a copy edited or deleted under another set, or after its deletion, no longer exists', async () => {
    h = await editHarness()
    const copy = await h.handlers['collection:saveCopy']({ setID: 3, copy: COPY })
    const gone = notFound('That copy no longer exists.', 'localId')
    /** Both an edit and a deletion of the copy under `setID` are refused as gone. */
    const editAndDeleteRefused = async (setID: number, localId: string) => {
      await refused(() => h.handlers['collection:saveCopy']({ setID, localId, copy: COPY }), gone)
      await refused(() => h.handlers['collection:deleteCopy']({ setID, localId }), gone)
    }
    await editAndDeleteRefused(4, copy.localId)
    await refused(() => h.handlers['collection:deleteCopy']({ setID: 3, localId: 'nope' }), gone)
    // A service copy deleted here stays (marked deleted) until the service confirms it.
    takeCopies(h, 5, [copyRecord(77, 'from the site')])
    const [site] = await h.handlers['collection:listCopies']({ setID: 5 })
    if (!site) throw new Error('the service copy is not listed')
    await h.handlers['collection:deleteCopy']({ setID: 5, localId: site.localId })
    await editAndDeleteRefused(5, site.localId)
  })

  it('a minifigure the catalogue does not know, and a minifigure edit that changes nothing', async () => {
    h = await editHarness()
    const unknown = notFound('Minifigure zz999 is not known.', 'minifigNumber')
    await refused(
      () => h.handlers['collection:updateMinifig']({ minifigNumber: 'zz999', wanted: true }),
      unknown
    )
    await refused(() => h.handlers['collection:getMinifig']({ minifigNumber: 'zz999' }), unknown)
    knownFigure('cas001')
    await refused(() => h.handlers['collection:updateMinifig']({ minifigNumber: 'cas001' }), {
      code: 'invalid_input',
      message: 'Nothing to change.'
    })
  })
})

describe('edits that go through', () => {
  it('an edit to what the set already holds records nothing and redraws nothing', async () => {
    h = await editHarness()
    await h.handlers['collection:updateSet']({ setID: 1, patch: { wanted: false, notes: '' } })
    expect(h.changes).toEqual([])
    expect(await h.handlers['journal:list']({ limit: 10 })).toEqual([])
  })

  it('deleting a copy the service holds leaves the quantity; one never sent takes its unit back', async () => {
    h = await editHarness()
    await h.handlers['collection:updateSet']({ setID: 2, patch: { qtyOwned: 2 } })
    takeCopies(h, 2, [copyRecord(78, 'site')])
    const [site] = await h.handlers['collection:listCopies']({ setID: 2 })
    if (!site) throw new Error('the service copy is not listed')
    await h.handlers['collection:deleteCopy']({ setID: 2, localId: site.localId })
    expect(readSet(h.store.read, h.profileId, 2).qtyOwned).toBe(2)

    const mine = await h.handlers['collection:saveCopy']({ setID: 2, copy: COPY })
    expect(readSet(h.store.read, h.profileId, 2).qtyOwned).toBe(3)
    await h.handlers['collection:deleteCopy']({ setID: 2, localId: mine.localId })
    expect(readSet(h.store.read, h.profileId, 2).qtyOwned).toBe(2)
  })

  it('a minifigure edit keeps the field it does not name, and the journal names the figure', async () => {
    h = await editHarness()
    knownFigure('cas002')
    await h.handlers['collection:updateMinifig']({ minifigNumber: 'cas002', ownedLoose: 2 })
    const after = await h.handlers['collection:updateMinifig']({
      minifigNumber: 'cas002',
      wanted: true
    })
    expect(after).toMatchObject({ ownedLoose: 2, wanted: true, name: 'Knight' })
    const [last] = await h.handlers['journal:list']({ limit: 1 })
    expect(last?.description).toContain('Minifigure cas002')
  })

  it('notes and flag labels are listed as stored', async () => {
    h = await editHarness()
    await h.handlers['collection:updateSet']({ setID: 4, patch: { notes: 'on the shelf' } })
    await h.handlers['flags:setLabel']({ flagNo: 2, label: 'Sealed' })
    expect(await h.handlers['collection:listNotes']({})).toEqual([
      expect.objectContaining({ setID: 4, notes: 'on the shelf' })
    ])
    expect((await h.handlers['flags:getLabels']({}))[1]).toMatchObject({
      flagNo: 2,
      label: 'Sealed'
    })
  })
})
