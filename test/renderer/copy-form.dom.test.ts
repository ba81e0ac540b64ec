import { beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, within } from '@testing-library/svelte'
import { openSetPage, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

/** Issue #14 item 8: a currency picker that remembers, and no acquisition dates in the future. */

const backend = new FakeBackend(20)
const SET = 5

serveApp(backend)
beforeEach(() => {
  backend.copies = []
  localStorage.clear()
})

async function addCopyDialog(): Promise<HTMLElement> {
  await openSetPage(SET)
  await fireEvent.click(screen.getByRole('button', { name: 'Add copy' }))
  await settle()
  return screen.getByRole('dialog', { name: 'Add a copy' })
}

function isoDay(offsetDays: number): string {
  const d = new Date()
  d.setDate(d.getDate() + offsetDays)
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

describe('the copy form', () => {
  it('offers the ISO currencies by code and name, and remembers the last one used', async () => {
    let dialog = await addCopyDialog()
    const picker = within(dialog).getByRole('combobox', { name: 'Currency' })
    const options = within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options).toContain('GBP — British Pound')
    expect(options).toContain('JPY — Japanese Yen')
    expect(options.length).toBeGreaterThan(100)
    await fireEvent.change(picker, { target: { value: 'GBP' } })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save copy' }))
    await settle()
    expect(backend.callsTo('collection:saveCopy').at(-1)?.copy.currency).toBe('GBP')

    // The next copy starts in the same currency, even after the app is opened again.
    cleanup()
    dialog = await addCopyDialog()
    expect(within(dialog).getByRole('combobox', { name: 'Currency' })).toHaveProperty(
      'value',
      'GBP'
    )
  })

  it('refuses an acquisition date after today with a clear message, and accepts today', async () => {
    const dialog = await addCopyDialog()
    const date = within(dialog).getByLabelText('Date acquired')
    const saves = backend.callsTo('collection:saveCopy').length
    for (const future of ['2099-01-01', isoDay(1)]) {
      await fireEvent.input(date, { target: { value: future } })
      await fireEvent.click(within(dialog).getByRole('button', { name: 'Save copy' }))
      await settle()
      expect(dialog.textContent).toContain('That date is after today')
      expect(backend.callsTo('collection:saveCopy')).toHaveLength(saves)
    }
    await fireEvent.input(date, { target: { value: isoDay(0) } })
    await settle()
    expect(dialog.textContent).not.toContain('That date is after today')
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save copy' }))
    await settle()
    expect(backend.callsTo('collection:saveCopy').at(-1)?.copy.dateAcquired).toBe(isoDay(0))
  })

  it("starts a new copy on the user's own day, not UTC's", async () => {
    // 12:00 UTC on 26 November is already 02:00 on the 27th in Kiritimati (UTC+14).
    const zone = process.env.TZ
    process.env.TZ = 'Pacific/Kiritimati'
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'))
    try {
      const dialog = await addCopyDialog()
      expect(within(dialog).getByLabelText('Date acquired')).toHaveProperty('value', '2026-11-27')
    } finally {
      vi.useRealTimers()
      process.env.TZ = zone
    }
  })

  it('opens on its first field, not on the close button', async () => {
    const dialog = await addCopyDialog()
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Date acquired'))
  })

  it('shows amounts never entered as empty, in the table and in the form', async () => {
    const dialog = await addCopyDialog()
    await fireEvent.change(within(dialog).getByRole('combobox', { name: 'Currency' }), {
      target: { value: 'GBP' }
    })
    await fireEvent.input(within(dialog).getByLabelText('Price paid'), {
      target: { value: '12.5' }
    })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save copy' }))
    await settle()
    const row = screen.getAllByRole('row').at(-1)
    if (!row) throw new Error('no copy row')
    const cells = [...row.querySelectorAll('td')].map((c) => c.textContent.trim())
    // Paid, extra, value: only the price paid was given.
    expect(cells.slice(1, 4)).toEqual(['£12.50', '—', '—'])
    expect(row.textContent).not.toMatch(/0\.00/)
    await fireEvent.click(within(row).getByRole('button', { name: /Edit/ }))
    await settle()
    const edit = screen.getByRole('dialog', { name: 'Edit copy' })
    expect(within(edit).getByLabelText('Price paid')).toHaveProperty('value', '12.5')
    expect(within(edit).getByLabelText('Additional price')).toHaveProperty('value', '')
    expect(within(edit).getByLabelText('Current value')).toHaveProperty('value', '')
  })
})
