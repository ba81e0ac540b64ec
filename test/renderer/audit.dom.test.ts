import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import { setTransport } from '../../src/renderer/src/lib/api'
import CopyForm from '../../src/renderer/src/components/CopyForm.svelte'
import type { AuditDto, AuditRowDto, TickDto } from '../../src/shared/model/shelf'
import { openApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { accountStatus } from './account-status'
import { waitUntil } from '../wait-until'

/**
 * Issue #30 §4: the Shelf audit screen as the user sees it, over a fake main that answers the
 * shelf channels as the real ones do (test/shelf holds their own tests on SQLite).
 */
let backend: FakeBackend
let audit: AuditDto | null
const row = (localId: string, n: number, location: string, status: AuditRowDto['status']) => ({
  localId,
  code: null,
  setID: n,
  fullNumber: `${String(n)}-1`,
  name: `Set ${String(n)}`,
  copyId: `#${String(n)}00`,
  location,
  status
})

function install(locations: { path: string; here: number; within: number }[]): void {
  backend = new FakeBackend(20)
  audit = null
  backend.override('shelf:listLocations', () => locations)
  backend.override('shelf:getAudit', () => audit)
  backend.override('shelf:startAudit', ({ location }) => {
    audit = {
      id: 1,
      location,
      startedAt: '2026-11-26T10:00:00.000Z',
      endedAt: null,
      fixJournalId: null,
      rows: [
        row('a', 1, 'Attic › Shelf 2', 'unchecked'),
        row('b', 2, 'Attic › Shelf 2', 'unchecked')
      ]
    }
    return audit
  })
  backend.override('shelf:tick', ({ code }): TickDto => {
    if (code === 'STUDBOOK-COPY:a') {
      return {
        outcome: 'found',
        message: 'Found 1-1 Set 1.',
        row: row('a', 1, 'Attic › Shelf 2', 'found'),
        candidates: []
      }
    }
    return {
      outcome: 'misplaced',
      message: '3-1 Set 3 is recorded at Garage: misplaced here.',
      row: row('c', 3, 'Garage', 'misplaced'),
      candidates: []
    }
  })
  backend.override('shelf:mark', ({ localId, mark }): TickDto => ({
    outcome: 'missing',
    message: 'Marked missing.',
    row: row(localId ?? 'none', 2, 'Attic › Shelf 2', mark === 'missing' ? 'missing' : 'found'),
    candidates: []
  }))
  backend.override('shelf:getReport', () => ({
    auditId: 1,
    location: 'Attic › Shelf 2',
    expected: 2,
    found: 1,
    missing: [row('b', 2, 'Attic › Shelf 2', 'missing')],
    unchecked: [],
    misplaced: [row('c', 3, 'Garage', 'misplaced')],
    unexpected: []
  }))
  backend.override('shelf:applyFix', ({ moveMisplaced }) => {
    if (audit) audit = { ...audit, endedAt: '2026-11-26T10:05:00.000Z', fixJournalId: 9 }
    return {
      journalId: 9,
      moved: moveMisplaced ? 1 : 0,
      description: 'Shelf audit of Attic › Shelf 2: 1 moved here'
    }
  })
  setTransport(backend)
}

/** What a line says, as read aloud: its spaces folded. */
const words = (el: HTMLElement): string => el.textContent.replace(/\s+/g, ' ').trim()

beforeEach(() => {
  window.location.hash = '#/audit'
})
afterEach(() => {
  cleanup()
})

describe('the shelf audit screen', () => {
  it('says how to begin when no copy has a location', async () => {
    install([])
    await openApp()
    const page = screen.getByRole('region', { name: 'Shelf audit' })
    await waitUntil(() => {
      expect(within(page).getByTestId('audit-empty').textContent).toMatch(/None of your copies/)
    })
    expect(within(page).queryByRole('table')).toBeNull()
  })

  it('walks a location: Enter ticks a typed label, the live region says it, the fix is applied', async () => {
    install([{ path: 'Attic › Shelf 2', here: 2, within: 2 }])
    await openApp()
    const page = screen.getByRole('region', { name: 'Shelf audit' })
    // Reached from the sidebar too.
    expect(screen.getByRole('link', { name: 'Shelf audit' }).getAttribute('aria-current')).toBe(
      'page'
    )
    await waitUntil(() => {
      expect(within(page).getByRole('button', { name: 'Attic › Shelf 2' })).toBeTruthy()
    })
    await fireEvent.click(within(page).getByRole('button', { name: 'Attic › Shelf 2' }))
    await fireEvent.click(within(page).getByRole('button', { name: 'Start audit' }))
    await settle()
    const field = within(page).getByLabelText('Box label, copy id or set number')
    expect(document.activeElement).toBe(field)

    await fireEvent.input(field, { target: { value: 'STUDBOOK-COPY:a' } })
    await fireEvent.submit(field.closest('form') as HTMLFormElement)
    await settle()
    // The field was cleared at once for the next scan, and kept the focus.
    expect((field as HTMLInputElement).value).toBe('')
    expect(backend.callsTo('shelf:tick')).toEqual([{ auditId: 1, code: 'STUDBOOK-COPY:a' }])
    const live = within(page).getByTestId('audit-live')
    expect(live.getAttribute('aria-live')).toBe('polite')
    expect(live.textContent).toContain('Found 1-1 Set 1.')

    await fireEvent.input(field, { target: { value: '3' } })
    await fireEvent.submit(field.closest('form') as HTMLFormElement)
    await settle()
    expect(live.textContent).toContain('recorded at Garage')
    const table = within(page).getByRole('table')
    expect(within(table).getByText('Misplaced here')).toBeTruthy()

    await fireEvent.click(within(table).getByRole('button', { name: 'Missing: 2-1 Set 2' }))
    await settle()
    expect(backend.callsTo('shelf:mark')).toEqual([{ auditId: 1, localId: 'b', mark: 'missing' }])
    expect(words(within(page).getByTestId('audit-counts'))).toMatch(
      /1 of 2 found · 1 missing · 1 misplaced · 0 unexpected · 0 not ticked/
    )

    await fireEvent.click(within(page).getByRole('button', { name: 'Finish: show the report' }))
    await settle()
    const report = within(page).getByRole('region', { name: 'Discrepancy report' })
    expect(words(within(report).getByTestId('audit-summary'))).toMatch(
      /1 of 2 found at Attic › Shelf 2; 1 missing, 1 misplaced, 0 unexpected/
    )
    // A tick after the report was shown brings the report up to date.
    await fireEvent.input(field, { target: { value: 'STUDBOOK-COPY:a' } })
    await fireEvent.submit(field.closest('form') as HTMLFormElement)
    await settle()
    expect(backend.callsTo('shelf:getReport')).toHaveLength(2)
    await fireEvent.click(within(report).getByRole('button', { name: 'Apply and end the audit' }))
    await settle()
    expect(backend.callsTo('shelf:applyFix')).toEqual([
      { auditId: 1, moveMisplaced: true, missingTo: null }
    ])
    expect(within(report).getByTestId('audit-fixed').textContent).toContain('1 moved here')
    expect(within(report).getByRole('button', { name: 'Undo the moves' })).toBeTruthy()
  })

  it('the copy form suggests the places in use and writes a typed path in its canonical form', async () => {
    install([
      { path: 'Attic', here: 0, within: 2 },
      { path: 'Attic › Shelf 2', here: 2, within: 2 }
    ])
    render(CopyForm, { copy: null, onclose: () => undefined })
    await settle()
    const field = screen.getByLabelText<HTMLInputElement>('Location')
    const list = document.getElementById(field.getAttribute('list') ?? '')
    await waitUntil(() => {
      expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual([
        'Attic',
        'Attic › Shelf 2'
      ])
    })
    await fireEvent.input(field, { target: { value: ' attic >  shelf 3/ Bin ' } })
    await fireEvent.change(field)
    expect(field.value).toBe('attic › shelf 3 › Bin')
  })

  it('shows the new profile’s audit, not the old one’s, after a profile switch', async () => {
    install([{ path: 'Attic › Shelf 2', here: 2, within: 2 }])
    await openApp()
    const page = screen.getByRole('region', { name: 'Shelf audit' })
    await waitUntil(() => {
      expect(within(page).getByRole('button', { name: 'Attic › Shelf 2' })).toBeTruthy()
    })
    await fireEvent.click(within(page).getByRole('button', { name: 'Attic › Shelf 2' }))
    await fireEvent.click(within(page).getByRole('button', { name: 'Start audit' }))
    await settle()
    expect(within(page).getByRole('table')).toBeTruthy()
    // The other profile has no audit open (main answers per profile).
    audit = null
    backend.emit(
      'account:changed',
      accountStatus({
        profile: 'demo',
        baseUrl: 'https://demo.invalid',
        signedIn: true,
        username: 'demo'
      })
    )
    await settle()
    await waitUntil(() => {
      expect(within(page).queryByRole('table')).toBeNull()
    })
    expect(within(page).getByLabelText('Location to walk')).toBeTruthy()
  })
})
