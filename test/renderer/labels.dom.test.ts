import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { setTransport } from '../../src/renderer/src/lib/api'
import { account } from '../../src/renderer/src/lib/state/account.svelte'
import { labels } from '../../src/renderer/src/lib/state/labels.svelte'
import Labels from '../../src/renderer/src/views/Labels.svelte'
import { labelCode } from '../../src/shared/model/box-label'
import type { LabelDto, LabelsDto } from '../../src/shared/model/labels'

/** The box labels screen (issue #30 §4): labels placed on the chosen sheet, printed as the report. */

const label = (i: number): LabelDto => ({
  localId: `copy-${String(i)}`,
  code: labelCode(`copy-${String(i)}`),
  setID: 100 + i,
  fullNumber: `${String(7000 + i)}-1`,
  name: `Castle ${String(i)}`,
  copyId: i % 2 === 0 ? `#${String(5000 + i)}` : `local copy-${String(i)}`,
  location: i === 0 ? 'Attic › Shelf 2' : '',
  // The top row's first 8 modules dark, the rest light (21 × 21 modules, 111 hex digits).
  qr: { size: 21, modules: 'ff'.padEnd(111, '0') }
})

const DTO: LabelsDto = {
  labels: Array.from({ length: 23 }, (_, i) => label(i)),
  withoutRecord: 2,
  setsWithout: 0
}

let backend: FakeBackend

beforeEach(() => {
  backend = new FakeBackend(10)
  backend.override('labels:list', () => DTO)
  backend.override('report:savePdf', () => ({ saved: true, path: '/tmp/x.pdf' }))
  setTransport(backend)
  // The labels' choices outlive a test: each starts where a new window does, on A4's sheet.
  labels.startOver()
  labels.setSheet('L7160')
  account.info = { version: '0', host: 'browser', profile: { kind: 'demo', label: 'Demo' } }
})

afterEach(() => {
  cleanup()
})

const sheets = () => screen.getAllByRole('region', { name: /^Sheet \d+ of \d+$/ })
const summary = () => screen.getByTestId('labels-summary').textContent.replace(/\s+/g, ' ').trim()

describe('the labels screen', () => {
  it('lays every copy’s label out on A4 sheets of 21, each with its QR and words', async () => {
    render(Labels)
    await settle()
    expect(backend.callsTo('labels:list')).toEqual([{ scope: 'owned' }])
    expect(sheets().map((s) => within(s).getAllByTestId('box-label').length)).toEqual([21, 2])
    expect(summary()).toBe('23 labels on 2 sheets.')
    const first = screen.getAllByTestId('box-label')[0]
    expect(first?.textContent.replace(/\s+/g, ' ').trim()).toBe(
      '7000-1 Castle 0 Copy #5000 Attic › Shelf 2'
    )
    // The sheet's first label sits at the L7160's top-left margin.
    expect(first?.style.left).toBe('7.25mm')
    expect(first?.style.top).toBe('15.15mm')
    expect(
      within(first ?? document.body).getByRole('img', { name: `QR code ${labelCode('copy-0')}` })
    ).toBeTruthy()
    expect(screen.getByText(/2 owned copies have no copy record yet/)).toBeTruthy()
    // The browser host prints through the browser: no Save as PDF there.
    expect(screen.queryByRole('button', { name: 'Save as PDF…' })).toBeNull()
  })

  it('starts a partly used sheet where asked, and moves to Letter sheets of 30', async () => {
    render(Labels)
    await settle()
    const startField = screen.getByRole('spinbutton', { name: 'Start at label' })
    await fireEvent.input(startField, { target: { value: '20' } })
    await settle()
    expect(summary()).toBe('23 labels on 2 sheets, starting at label 20.')
    expect(sheets().map((s) => within(s).getAllByTestId('box-label').length)).toEqual([2, 21])
    await fireEvent.change(screen.getByRole('combobox', { name: 'Label sheet' }), {
      target: { value: '5160' }
    })
    await settle()
    // 19 used, 11 left on the first Letter sheet, 12 on the second.
    expect(sheets().map((s) => within(s).getAllByTestId('box-label').length)).toEqual([11, 12])
    expect(localStorage.getItem('studbook.labels.sheet')).toBe('5160')
  })

  it('takes a selection’s sets, and saves the PDF through the report’s port on the sheet’s paper', async () => {
    account.info = { version: '0', host: 'electron', profile: { kind: 'demo', label: 'Demo' } }
    labels.setSheet('5160')
    labels.open({ setIDs: [3, 1] })
    render(Labels)
    await settle()
    expect(backend.callsTo('labels:list').at(-1)).toEqual({ setIDs: [3, 1] })
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: /Copies of the selected sets \(2\)/ })
        .checked
    ).toBe(true)
    await fireEvent.click(screen.getByRole('button', { name: 'Save as PDF…' }))
    await settle()
    const [call] = backend.callsTo('report:savePdf')
    expect(call?.paper).toBe('Letter')
    expect(call?.suggestedName).toMatch(/^studbook-labels-\d{4}-\d{2}-\d{2}\.pdf$/)
  })
})

describe('labels of one location', () => {
  it('asks for a place first, offers the places in use, then labels what is there', async () => {
    backend.override('shelf:listLocations', () => [
      { path: 'Attic › Shelf 2', here: 3, within: 5 },
      { path: 'Cellar', here: 1, within: 1 }
    ])
    render(Labels)
    await settle()
    await fireEvent.click(screen.getByRole('radio', { name: 'The copies at one location' }))
    await settle()
    expect(screen.getByText('Name a location to label the copies kept there.')).toBeTruthy()
    const field = screen.getByRole('combobox', { name: 'Location' })
    const options = [...document.querySelectorAll('#labels-places option')].map((o) =>
      o.getAttribute('value')
    )
    expect(options).toEqual(['Attic › Shelf 2', 'Cellar'])
    await fireEvent.input(field, { target: { value: 'Attic › Shelf 2' } })
    await fireEvent.change(field)
    await settle()
    expect(backend.callsTo('labels:list').at(-1)).toEqual({ location: 'Attic › Shelf 2' })
    expect(screen.getAllByTestId('box-label')).toHaveLength(23)
  })
})
