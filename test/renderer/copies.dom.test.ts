import { beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/svelte'
import { openSetPage, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { copyFieldsOf } from '../../src/main/collection/collection-sync-repo'
import type { CopyDto } from '../../src/shared/model/collection'
import type { CollectionDetailRecord } from '../../src/shared/protocol/records'
import { recordedCopies } from '../collection/recorded-copies'

/** The copy form and rows (issue #12): dates read right, modified kept, local copies explained. */

const backend = new FakeBackend(50)
const SET = 7

/** The recorded production answer, as the pull stores it. */
function recordedCopy(): CopyDto {
  const [rec] = recordedCopies()
  if (!rec) throw new Error('no record')
  return {
    ...copyFieldsOf(rec),
    localId: 'c1-12712521',
    collectionID: rec.collectionID,
    setID: SET,
    keptLocal: false,
    outboxId: null,
    sync: 'synced'
  }
}

serveApp(backend)
beforeEach(() => {
  backend.copies = []
  backend.outbox = []
})

describe('the copy form and rows', () => {
  it('shows the recorded production copy 21-08-18 as 21 Aug 2018 and saves it unchanged', async () => {
    backend.copies = [recordedCopy()]
    const page = await openSetPage(SET)
    const table = within(page).getByRole('table')
    expect(table.textContent).toContain('21 Aug 2018')
    await fireEvent.click(within(table).getByRole('button', { name: 'Edit' }))
    await settle()
    const dialog = screen.getByRole('dialog', { name: 'Edit copy' })
    const date = within(dialog).getByLabelText('Date acquired')
    expect((date as HTMLInputElement).value).toBe('2018-08-21')
    expect(within(dialog).getByTestId('copy-date-words').textContent).toBe('21 Aug 2018')
    const modified = within(dialog).getByLabelText('Modified')
    expect((modified as HTMLInputElement).checked).toBe(true)
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save copy' }))
    await settle()
    const [saved] = backend.callsTo('collection:saveCopy')
    expect(saved?.copy).toMatchObject({ dateAcquired: '2018-08-21', modified: true })
  })

  it('reads a typed dd-MM-yy date, and refuses a day that does not exist', async () => {
    const page = await openSetPage(SET)
    await fireEvent.click(within(page).getByRole('button', { name: 'Add copy' }))
    await settle()
    const dialog = screen.getByRole('dialog', { name: 'Add a copy' })
    expect(dialog.textContent).toContain('raises the quantity you own by one')
    const date = within(dialog).getByLabelText('Date acquired')
    await fireEvent.input(date, { target: { value: '21-08-18' } })
    await settle()
    expect(within(dialog).getByTestId('copy-date-words').textContent).toBe('21 Aug 2018')
    await fireEvent.input(date, { target: { value: '31-02-18' } })
    await settle()
    expect(dialog.textContent).toContain('31-02-18 is not a day that exists')
    const before = backend.callsTo('collection:saveCopy').length
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save copy' }))
    await settle()
    expect(backend.callsTo('collection:saveCopy')).toHaveLength(before)
    await fireEvent.input(date, { target: { value: '29-02-2020' } })
    await fireEvent.click(within(dialog).getByLabelText('Modified'))
    await settle()
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save copy' }))
    await settle()
    expect(backend.callsTo('collection:saveCopy').at(-1)?.copy).toMatchObject({
      dateAcquired: '2020-02-29',
      modified: true
    })
  })

  it('explains a copy kept on this computer and retries it', async () => {
    backend.copies = [
      {
        ...recordedCopy(),
        localId: 'local-1',
        collectionID: null,
        keptLocal: true,
        outboxId: 41,
        sync: 'needs_attention'
      }
    ]
    const page = await openSetPage(SET)
    const table = within(page).getByRole('table')
    expect(within(table).getByTestId('copy-kept-local').textContent).toBe(
      'kept on this computer: the service gave it no id'
    )
    await fireEvent.click(within(table).getByRole('button', { name: 'Retry' }))
    await settle()
    expect(backend.callsTo('outbox:retry')).toEqual([{ id: 41 }])
  })

  it('shows a copy conflict field by field', async () => {
    const mine = copyFieldsOf({ ...rawRecord(), notes: 'mine' })
    const theirs = copyFieldsOf({ ...rawRecord(), dateAcquired: '22-08-18', notes: 'theirs' })
    backend.outbox = [
      {
        id: 9,
        setID: SET,
        label: 'Set 7',
        field: 'copy',
        desired: JSON.stringify(mine),
        base: JSON.stringify(copyFieldsOf(rawRecord())),
        server: JSON.stringify(theirs),
        state: 'conflict',
        reason: 'Changed on the service since your edit.',
        createdAt: '2026-01-01T00:00:00Z'
      }
    ]
    await openSetPage(SET)
    backend.emit('sync:status', { ...backend.status, conflicts: 1 })
    await settle(4)
    const fields = screen.getByTestId('conflict-copy-fields')
    const rows = within(fields)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))
    expect(rows).toEqual([
      ['Date acquired', '21 Aug 2018', '22 Aug 2018'],
      ['Notes', 'mine', 'theirs']
    ])
  })
})

function rawRecord(): CollectionDetailRecord {
  const c = recordedCopy()
  return {
    collectionID: 12712521,
    dateAcquired: '21-08-18',
    currency: c.currency,
    pricePaid: c.pricePaid,
    additionalPricePaid: c.additionalPricePaid,
    currentEstimatedValue: c.currentEstimatedValue,
    conditionWhenAcquired: c.conditionWhenAcquired,
    acquiredFrom: c.acquiredFrom,
    conditionNow: c.conditionNow,
    location: c.location,
    notes: c.notes,
    parts: c.parts,
    minifigs: c.minifigs,
    instructions: c.instructions,
    box: c.box,
    willTrade: c.willTrade,
    modified: c.modified,
    deleted: false
  }
}
