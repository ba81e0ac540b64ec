import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/svelte'
import type { CopyDto } from '../../src/shared/model/collection'
import type { GainsDto, LedgerEntryDto } from '../../src/shared/model/ledger'
import { openApp, openSetPage, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { copyFields } from '../copy-fields'
import { EBAY_SALE_ENTRY, emptyGains } from '../ledger/ledger-fixtures'
import { waitUntil } from '../wait-until'

/** Issue #30 §1: disposing of a copy and the Ledger screen, as the user sees them. */

const backend = new FakeBackend(20)
const SET = 3

const copy: CopyDto = {
  ...copyFields(),
  localId: 'copy-1',
  collectionID: 900,
  setID: SET,
  modified: false,
  keptLocal: false,
  outboxId: null,
  sync: 'synced'
}

const entry: LedgerEntryDto = {
  entryId: '00000000-0000-4000-8000-000000000001',
  localId: 'copy-1',
  setID: SET,
  setNumber: '3-1',
  setName: 'Set three',
  theme: 'Castle',
  setYear: 2020,
  ...EBAY_SALE_ENTRY,
  conditionNow: 'New',
  deletedOnService: false,
  copyStillHeld: true
}

const noGains = emptyGains('set')

let entries: LedgerEntryDto[] = []
let gains: GainsDto = noGains

serveApp(backend)
beforeAll(() => {
  backend.override('ledger:listForSet', ({ setID }) => entries.filter((e) => e.setID === setID))
  backend.override('ledger:list', () => ({ offset: 0, total: entries.length, entries }))
  backend.override('ledger:getGains', ({ by }) => ({ ...gains, by: by ?? 'set' }))
  backend.override('ledger:applyDisposal', (input) => {
    if (input.deleteCopy) backend.copies = backend.copies.filter((c) => c.localId !== input.localId)
    entries = [{ ...entry, deletedOnService: input.deleteCopy, copyStillHeld: !input.deleteCopy }]
    return { entryId: entry.entryId, journalId: input.deleteCopy ? 7 : null }
  })
  backend.override('ledger:export', () => ({
    filename: 'studbook-ledger-2026-11-26.csv',
    content: 'entry_id\r\n',
    mime: 'text/csv',
    rows: entries.length,
    savedTo: '/home/me/studbook-ledger-2026-11-26.csv'
  }))
})
beforeEach(() => {
  backend.copies = [copy]
  entries = []
  gains = noGains
})

describe('disposing of a copy', () => {
  it('one dialog: what, when, proceeds, and the deletion only when ticked', async () => {
    const page = await openSetPage(SET)
    await fireEvent.click(within(page).getByRole('button', { name: 'Dispose…' }))
    await settle()
    const dialog = screen.getByRole('dialog', { name: 'Dispose of this copy' })
    // Deletion is never the default.
    const del = within(dialog).getByLabelText('Also delete this copy on the service')
    expect((del as HTMLInputElement).checked).toBe(false)
    expect(dialog.textContent).toContain('The copy stays in your collection on the service')
    await fireEvent.click(within(dialog).getByLabelText('Sold'))
    await fireEvent.input(within(dialog).getByLabelText('Date'), {
      target: { value: '2025-06-01' }
    })
    await fireEvent.input(within(dialog).getByLabelText('Proceeds'), { target: { value: '180' } })
    await fireEvent.click(del)
    await settle()
    expect(dialog.textContent).toContain('Ctrl+Z brings it back')
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Mark sold' }))
    await settle(8)
    expect(backend.callsTo('ledger:applyDisposal')).toEqual([
      {
        setID: SET,
        localId: 'copy-1',
        kind: 'sold',
        disposedOn: '2025-06-01',
        proceeds: 180,
        proceedsCurrency: 'EUR',
        note: '',
        deleteCopy: true
      }
    ])
    expect(screen.queryByRole('dialog', { name: 'Dispose of this copy' })).toBeNull()
    const toasts = screen.getByRole('region', { name: 'Notifications' })
    expect(within(toasts).getByText(/Ctrl\+Z undoes both/)).toBeTruthy()
    await waitUntil(() => {
      expect(within(page).queryByRole('button', { name: 'Dispose…' })).toBeNull()
    })
  })

  it('refuses a date before the copy was acquired, and sends nothing', async () => {
    const page = await openSetPage(SET)
    await fireEvent.click(within(page).getByRole('button', { name: 'Dispose…' }))
    await settle()
    const dialog = screen.getByRole('dialog', { name: 'Dispose of this copy' })
    const before = backend.callsTo('ledger:applyDisposal').length
    await fireEvent.input(within(dialog).getByLabelText('Date'), {
      target: { value: '2020-01-01' }
    })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Mark sold' }))
    await settle()
    expect(within(dialog).getByText(/before it was acquired/)).toBeTruthy()
    expect(within(dialog).getByLabelText('Date').getAttribute('aria-invalid')).toBe('true')
    expect(backend.callsTo('ledger:applyDisposal')).toHaveLength(before)
  })

  it('a copy kept on the service is marked as in the ledger and not offered again', async () => {
    entries = [entry]
    const page = await openSetPage(SET)
    await waitUntil(() => {
      expect(within(page).getByTestId('copy-disposed').textContent).toMatch(
        /Sold\s+1 Jun 2025: in the ledger/
      )
    })
    expect(within(page).queryByRole('button', { name: 'Dispose…' })).toBeNull()
  })
})

describe('the Ledger screen', () => {
  it('says plainly when there is nothing yet', async () => {
    await openApp('#/ledger', 8)
    const empty = await screen.findByTestId('ledger-empty')
    expect(empty.textContent).toContain('Nothing in the ledger yet')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export CSV' }).disabled).toBe(
      true
    )
  })

  it('shows gains per currency, regroups by theme, lists disposals and exports', async () => {
    entries = [entry]
    const row = (key: string, currency: string, gain: number) => ({
      key,
      label: '',
      currency,
      copies: 1,
      paid: 110,
      value: 110 + gain,
      gain,
      unestimated: 0
    })
    gains = {
      ...noGains,
      realised: [row('3-1', 'EUR', 70)],
      unrealised: [row('4-1', 'USD', 15)],
      realisedTotals: [row('', 'EUR', 70)],
      unrealisedTotals: [row('', 'USD', 15)],
      mixedCurrency: 1
    }
    await openApp('#/browse', 8)
    // The ledger is a page of the sidebar's Money section.
    await fireEvent.click(screen.getByRole('link', { name: 'Money' }))
    await settle(8)
    await fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Money pages' })).getByRole('link', {
        name: 'Ledger'
      })
    )
    await settle(8)
    const page = screen.getByRole('region', { name: 'Ledger' })
    const totals = within(page).getByTestId('ledger-totals')
    expect(totals.textContent).toMatch(/Realised in EUR:\s*\+€70\.00/)
    expect(totals.textContent).toMatch(/Unrealised in USD:\s*\+\$15\.00/)
    expect(within(page).getByTestId('ledger-mixed').textContent).toContain('in no sum')
    const realised = within(page).getByTestId('ledger-realised')
    expect(within(realised).getByRole('rowheader').textContent).toContain('3-1')
    const list = within(page).getByTestId('ledger-entries')
    expect(list.textContent).toContain('still on the service')
    expect(list.textContent).toContain('eBay')

    await fireEvent.click(within(page).getByLabelText('Theme'))
    await settle()
    expect(backend.callsTo('ledger:getGains').at(-1)).toEqual({ by: 'theme' })

    await fireEvent.click(within(page).getByRole('button', { name: 'Export CSV' }))
    await settle()
    expect(backend.callsTo('ledger:export').at(-1)).toMatchObject({ bom: true })
    const toasts = screen.getByRole('region', { name: 'Notifications' })
    expect(within(toasts).getByText(/Exported 1 entries/)).toBeTruthy()
  })
})
