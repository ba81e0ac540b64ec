import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import type { ChannelInput } from '../../src/shared/ipc/contract'
import type { ReportDto, ReportRow } from '../../src/shared/model/report'
import { setTransport } from '../../src/renderer/src/lib/api'
import { account } from '../../src/renderer/src/lib/state/account.svelte'
import { report } from '../../src/renderer/src/lib/state/report.svelte'
import { search } from '../../src/renderer/src/lib/state/search.svelte'
import Report from '../../src/renderer/src/views/Report.svelte'

const set = (setID: number, theme: string) => ({
  setID,
  fullNumber: `${1000 + setID}-1`,
  name: `${theme} set ${setID}`,
  theme,
  year: 2001,
  thumbnail: null,
  setNotes: '',
  value: { amount: 0, currency: '', source: 'none' as const }
})

const copy = (setID: number, theme: string, over: Partial<ReportRow> = {}): ReportRow => ({
  kind: 'copy',
  ...set(setID, theme),
  localId: `c${setID}-${Math.random()}`,
  conditionNow: 'Built',
  conditionWhenAcquired: 'New',
  location: `Shelf ${setID}`,
  dateAcquired: '2024-02-03',
  acquiredFrom: 'Shop',
  currency: 'USD',
  pricePaid: 10,
  additionalPricePaid: 0,
  currentEstimatedValue: 12,
  notes: '',
  value: { amount: 12, currency: 'USD', source: 'estimated' },
  ...(over as object)
})

const DTO: ReportDto = {
  owner: { name: 'Ada Builder', address: '1 Brick Lane\nLondon' },
  generatedAt: '2026-03-01T10:00:00.000Z',
  sets: 3,
  copies: 5,
  detailedCopies: 3,
  leftOut: 0,
  rows: [
    copy(1, 'Space'),
    copy(1, 'Space', { currency: 'EUR', pricePaid: 20, location: 'Attic' }),
    { kind: 'undetailed', ...set(1, 'Space'), count: 1, more: true },
    copy(2, 'Castle', {
      currency: '',
      pricePaid: 7,
      setNotes: 'box dented',
      notes: 'sealed',
      value: { amount: 7, currency: '', source: 'paid' }
    }),
    {
      kind: 'undetailed',
      ...set(3, 'Castle'),
      count: 1,
      more: false,
      setNotes: 'From grandma',
      value: { amount: 519.99, currency: 'GBP', source: 'retail' }
    }
  ],
  totals: [
    { currency: '', paid: 7, value: 12 },
    { currency: 'EUR', paid: 20, value: 12 },
    { currency: 'USD', paid: 10, value: 12 }
  ],
  region: 'UK',
  replacement: [
    { currency: '', amount: 7, copies: 1 },
    { currency: 'GBP', amount: 519.99, copies: 1 },
    { currency: 'USD', amount: 12, copies: 1 }
  ],
  unvalued: 2
}

let backend: FakeBackend

beforeEach(() => {
  backend = new FakeBackend(10)
  backend.override('report:build', () => DTO)
  setTransport(backend)
  localStorage.clear()
  // The report's choices outlive a test: each starts where a new window does.
  report.startOver()
  account.info = { version: '0', host: 'browser', profile: { kind: 'demo', label: 'Demo' } }
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const bodyRows = () =>
  within(screen.getByRole('article', { name: 'Report' }))
    .getAllByRole('row')
    .filter((r) => r.closest('tbody') !== null && r.closest('.report-totals') === null)

describe('the report screen', () => {
  it('shows one row per copy, the rest of a quantity as one row, and totals per currency', async () => {
    render(Report)
    await settle()
    expect(backend.callsTo('report:build')).toEqual([{ scope: 'owned', region: report.region }])
    const rows = bodyRows().map((r) => r.textContent.replace(/\s+/g, ' ').trim())
    expect(rows).toHaveLength(5)
    expect(rows[0]).toContain('1001-1 Space set 1')
    expect(rows[0]).toContain('Built / New')
    expect(rows[0]).toContain('Shelf 1')
    expect(rows[1]).toContain('Attic')
    expect(rows[2]).toContain('1 more copy without details')
    expect(rows[4]).toContain('1 copy without details')
    expect(rows[4]).toContain('From grandma')
    expect(screen.getByTestId('report-summary').textContent).toContain(
      '3 sets, 5 copies (3 with details)'
    )
    const totals = within(screen.getByTestId('report-totals'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent.trim()).join(' '))
    expect(totals).toHaveLength(3)
    expect(totals[0]).toMatch(/^No currency 7\.00 12\.00$/)
    expect(totals[1]).toMatch(/^EUR .*20\.00 .*12\.00$/)
    expect(totals[2]).toMatch(/^USD .*10\.00 .*12\.00$/)
    // Nothing adds the three currencies up: no 37 anywhere on the page.
    expect(document.body.textContent).not.toMatch(/37\.00/)
  })

  it('shows each value with its source, both notes, one date format and the replacement total', async () => {
    render(Report)
    await settle()
    const rows = bodyRows().map((r) => r.textContent.replace(/\s+/g, ' ').trim())
    expect(rows[0]).toMatch(/12\.00 ?estimate/)
    expect(rows[2]).toContain('no value known')
    expect(rows[3]).toMatch(/7\.00 ?price paid/)
    expect(rows[3]).toContain('Set: box dented')
    expect(rows[3]).toContain('sealed')
    expect(rows[4]).toMatch(/519\.99 ?UK retail/)
    // The heading's date and a row's date in the one format of the locale.
    const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
    expect(rows[0]).toContain(day.format(new Date(2024, 1, 3)))
    expect(screen.getByRole('article', { name: 'Report' }).textContent).toContain(
      `Made ${day.format(new Date('2026-03-01T10:00:00.000Z'))}`
    )
    const replacement = within(screen.getByTestId('report-replacement'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent.trim()).join(' '))
    expect(replacement).toHaveLength(3)
    expect(replacement[1]).toMatch(/^GBP 1 .*519\.99$/)
    expect(screen.getByTestId('report-unvalued').textContent.replace(/\s+/g, ' ')).toMatch(
      /2 copies have no estimate/
    )
    expect(screen.getByTestId('report-no-grand-total').textContent).toMatch(
      /No grand total in one currency: no exchange rate was given for No currency, USD/
    )
    // The owner from Settings heads the report.
    expect(document.querySelector('.report-owner')?.textContent).toBe('Ada Builder')
    expect(document.querySelector('.report-address')?.textContent).toBe('1 Brick Lane\nLondon')
  })

  it('gives a grand total in one currency only at the rates the user typed, kept locally', async () => {
    render(Report)
    await settle()
    const doc = screen.getByRole('article', { name: 'Report' })
    // The region is UK: the total is in pounds unless the user picks another currency.
    const usd = screen.getByLabelText('GBP for 1 USD')
    await fireEvent.input(usd, { target: { value: '0.8' } })
    await settle()
    // Still one currency without a rate: nothing is added up.
    expect(within(doc).queryByTestId('report-grand-total')).toBeNull()
    expect(within(doc).getByTestId('report-no-grand-total').textContent).toMatch(/No currency\./)
    await fireEvent.input(screen.getByLabelText('GBP for 1 No currency'), {
      target: { value: '1' }
    })
    await settle()
    const grand = within(doc).getByTestId('report-grand-total').textContent.replace(/\s+/g, ' ')
    // 519.99 + 12 × 0.8 + 7 × 1 = 536.59, and the rates it rests on beside it.
    expect(grand).toMatch(/Grand total in GBP: .*536\.59/)
    expect(grand).toMatch(/USD .*12\.00 at 0\.8 = .*9\.60/)
    expect(JSON.parse(localStorage.getItem('studbook.report.rates') ?? '{}')).toEqual({
      target: '',
      rates: { USD: '0.8', '': '1' }
    })
    // In dollars instead: pounds now need a rate of their own.
    await fireEvent.change(within(screen.getByTestId('report-rates')).getByRole('combobox'), {
      target: { value: 'USD' }
    })
    await settle()
    expect(within(doc).getByTestId('report-no-grand-total').textContent).toContain('GBP')
  })

  it("prints a date the service keeps as 21-08-18 in the report's one format", async () => {
    backend.override('report:build', () => ({
      ...DTO,
      rows: [copy(1, 'Space', { dateAcquired: '21-08-18' }), copy(2, 'Space')]
    }))
    render(Report)
    await settle()
    const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
    const rows = bodyRows().map((r) => r.textContent)
    expect(rows[0]).toContain(day.format(new Date(2018, 7, 21)))
    expect(rows[0]).not.toContain('21-08-18')
    expect(rows[1]).toContain(day.format(new Date(2024, 1, 3)))
  })

  it('groups rows under their themes when asked', async () => {
    render(Report)
    await settle()
    await fireEvent.click(screen.getByLabelText('Group by theme'))
    await settle()
    const headers = within(screen.getByRole('article', { name: 'Report' }))
      .getAllByRole('rowheader')
      .map((h) => h.textContent.replace(/\s+/g, ' ').trim())
    expect(headers.slice(0, 2)).toEqual(['Castle (2)', 'Space (3)'])
  })

  it('reports the owned sets of the current Browse query', async () => {
    search.setText('castle')
    render(Report)
    await settle()
    await fireEvent.click(screen.getByLabelText(/Owned sets of the current search/))
    await settle()
    const last = backend.callsTo('report:build').at(-1) as { query: { text: string } }
    expect(last.query).toMatchObject({ text: 'castle' })
    expect(last.query).not.toHaveProperty('limit')
    expect(
      screen.getByLabelText(/Owned sets of the current search/).parentElement?.textContent
    ).toContain('“castle”')
  })

  it('takes a selection of set IDs handed over by open()', async () => {
    report.open({ setIDs: [3, 1, 2] })
    render(Report)
    await settle()
    expect(screen.getByLabelText<HTMLInputElement>('Selected sets (3)').checked).toBe(true)
    expect(backend.callsTo('report:build').at(-1)).toEqual({
      setIDs: [3, 1, 2],
      region: report.region
    })
    expect(window.location.hash).toBe('#/report')
  })

  it('prints through the browser, and offers Save as PDF only in the desktop app', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    render(Report)
    await settle()
    expect(screen.queryByRole('button', { name: 'Save as PDF…' })).toBeNull()
    await fireEvent.click(screen.getByRole('button', { name: 'Print…' }))
    await settle()
    expect(print).toHaveBeenCalledTimes(1)
    cleanup()

    account.info = { version: '0', host: 'electron', profile: { kind: 'demo', label: 'Demo' } }
    backend.override('report:savePdf', () => ({ saved: true, path: '/tmp/r.pdf' }))
    report.setPaper('Letter')
    render(Report)
    await settle()
    await fireEvent.click(screen.getByRole('button', { name: 'Save as PDF…' }))
    await settle()
    const asked: ChannelInput<'report:savePdf'>[] = backend.callsTo('report:savePdf')
    expect(asked).toEqual([{ paper: 'Letter', suggestedName: 'studbook-report-2026-03-01.pdf' }])
  })

  it('loads pictures lazily on screen and leaves them out when unticked', async () => {
    backend.override('report:build', () => ({
      ...DTO,
      rows: [{ ...DTO.rows[0], thumbnail: 'media/thumb/1/1' } as ReportRow]
    }))
    render(Report)
    await settle()
    const img = document.querySelector('.report-doc img')
    expect(img?.getAttribute('loading')).toBe('lazy')
    expect(img?.getAttribute('src')).toBe('media/thumb/1/1')
    await fireEvent.click(screen.getByLabelText('Pictures'))
    await settle()
    expect(document.querySelector('.report-doc img')).toBeNull()
  })

  it('starts a report of more than 300 rows without pictures, saying why', async () => {
    const many = Array.from({ length: 301 }, (_, i) => ({
      ...copy(i + 1, 'Space'),
      thumbnail: `media/thumb/1/${i + 1}`
    }))
    backend.override('report:build', () => ({ ...DTO, rows: many }))
    render(Report)
    await settle()
    const pictures = screen.getByLabelText<HTMLInputElement>('Pictures')
    expect(pictures.checked).toBe(false)
    expect(document.querySelector('.report-doc img')).toBeNull()
    expect(screen.getByTestId('pictures-off').textContent).toMatch(/301 rows/)
    await fireEvent.click(pictures)
    await settle()
    expect(document.querySelectorAll('.report-doc img')).toHaveLength(301)
    expect(screen.queryByTestId('pictures-off')).toBeNull()
    // The user's own choice stands when the report is made again.
    await fireEvent.click(screen.getByLabelText('All owned sets'))
    await settle()
    expect(screen.getByLabelText<HTMLInputElement>('Pictures').checked).toBe(true)
  })

  it('makes the report again each time the screen opens, so edits since show', async () => {
    render(Report)
    await settle()
    cleanup()
    backend.override('report:build', () => ({ ...DTO, sets: 4, copies: 9 }))
    render(Report)
    await settle()
    expect(screen.getByTestId('report-summary').textContent).toContain('4 sets, 9 copies')
  })

  it('says why when the report cannot be made', async () => {
    backend.failures['report:build'] = {
      code: 'invalid_input',
      message: 'Choose at least one set for the report.',
      retryable: false
    }
    render(Report)
    await settle()
    expect(screen.getByRole('alert').textContent).toContain('Choose at least one set')
  })
})
