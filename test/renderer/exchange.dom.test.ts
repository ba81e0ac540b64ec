import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { WAIT_MS } from '../limits'
import { FACET_DELAY_MS, search } from '../../src/renderer/src/lib/state/search.svelte'

const backend = new FakeBackend(40)
const item = (n: number, kind: 'add' | 'change', summary: string, lines: number[]) => ({
  key: `set:${n}`,
  target: 'set' as const,
  number: `100${n}-1`,
  setID: n,
  name: `Set ${n}`,
  kind,
  summary,
  lines
})
backend.override('exchange:previewImport', ({ format, dateOrder }) => ({
  previewId: dateOrder ? 'p2' : 'p1',
  format,
  readAs: 'Brickset collection CSV, UTF-16 LE, semicolon-separated',
  rows: 4,
  rowsBy: { add: 1, change: 2, unchanged: 0, notUsed: 1 },
  flagNames: 1,
  adds: 1,
  changes: 1,
  unchanged: 0,
  items: [
    item(1, 'add', 'Quantity owned 0 → 1', [2]),
    item(2, 'change', 'Quantity owned 1 → 3', [3, 5])
  ],
  problems: [{ line: 4, reason: 'Set 99999-1 is not in the catalogue.' }],
  itemsTotal: 2,
  problemsTotal: 1,
  notices: dateOrder ? [] : ['1 entry is listed on more than one row: the rows were summed.'],
  question: dateOrder ? null : { kind: 'dateOrder', examples: [{ line: 2, text: '03/07/2025' }] },
  canApply: dateOrder !== undefined
}))
backend.override('exchange:applyImport', () => ({ applied: 2, journalId: 7 }))
backend.override('exchange:previewRestore', () => ({
  restoreId: 'r1',
  name: 'mine.studbook',
  takenAt: '2026-01-02T10:00:00.000Z',
  holds: {
    setsOwned: 12,
    unitsOwned: 15,
    setsWanted: 3,
    copies: 4,
    minifigsLoose: 140,
    minifigsWanted: 2,
    labels: 1,
    views: 2
  },
  current: {
    setsOwned: 11,
    unitsOwned: 11,
    setsWanted: 3,
    copies: 0,
    minifigsLoose: 0,
    minifigsWanted: 0,
    labels: 0,
    views: 0
  },
  changes: 9,
  serviceWrites: 14,
  refused: { count: 2, shown: [{ what: 'Set 5004', why: 'notes: Too big' }] },
  unknownSets: { count: 1, shown: [99999] }
}))
backend.override('exchange:applyRestore', () => ({
  applied: 9,
  journalId: 8,
  safetyBackup: '/data/backups/studbook-before-restore.studbook'
}))

serveApp(backend)

describe('import preview, restore, and the list under fast typing', () => {
  it('previews an import: changes with their lines, unusable rows, the date question, then apply', async () => {
    await openApp('#/exchange')
    const input = screen.getByLabelText('File to import')
    const file = new File([new Uint8Array([0xff, 0xfe, 0x4e, 0x00])], 'mine.csv', {
      type: 'text/csv'
    })
    await fireEvent.change(input, { target: { files: [file] } })
    await settle(10)
    // The bytes go to main as they are: it detects the encoding.
    expect(backend.callsTo('exchange:previewImport')[0]).toEqual({
      format: 'collection',
      data: [new Uint8Array([0xff, 0xfe, 0x4e, 0x00])],
      jobId: expect.any(String) as unknown
    })
    const changes = screen.getByRole('table', { name: 'Changes' })
    expect(within(changes).getByText('Quantity owned 1 → 3')).toBeTruthy()
    expect(within(changes).getByText('3, 5')).toBeTruthy()
    const unused = screen.getByRole('table', { name: 'Rows not used' })
    expect(within(unused).getByText('Set 99999-1 is not in the catalogue.')).toBeTruthy()
    // Every row read is counted once: 1 + 2 + 0 + 1 = 4, and flag names apart.
    // As a reader sees it: white space between words is one space.
    const summary = screen.getByTestId('import-summary').textContent.replace(/\s+/g, ' ').trim()
    expect(summary).toContain('4 rows read: 1 to add, 2 to change, 0 unchanged, 1 not used.')
    expect(summary).toContain('1 flag name to set')
    const [rows = 0, ...parts] = (/^\d+ rows read: (.*?)\./.exec(summary)?.[0] ?? '')
      .match(/\d+/g)
      ?.map(Number) ?? [-1]
    expect(parts.reduce((a, b) => a + b, 0)).toBe(rows)
    // The chosen file stays named beside the picker.
    expect(screen.getByTestId('import-file').textContent).toContain('mine.csv')
    expect(document.body.textContent).toContain('UTF-16 LE, semicolon-separated')
    const applyButton = screen.getByRole('button', { name: /^Apply import/ })
    expect((applyButton as HTMLButtonElement).disabled).toBe(true)

    await fireEvent.click(screen.getByRole('button', { name: 'Day first (25/12)' }))
    await settle(10)
    expect(backend.callsTo('exchange:previewImport')[1]).toMatchObject({ dateOrder: 'dayFirst' })
    expect(screen.getByTestId('import-file').textContent).toContain('mine.csv')
    expect(backend.callsTo('exchange:applyImport')).toHaveLength(0)
    await fireEvent.click(
      screen.getByRole('button', { name: 'Apply import without the 1 row not used' })
    )
    await settle()
    expect(backend.callsTo('exchange:applyImport')).toEqual([{ previewId: 'p2' }])
    const toasts = screen.getByRole('region', { name: 'Notifications' })
    expect(toasts.textContent).toContain('Imported 2 changes')
    // The toast takes the whole import back with one press, naming its journal entry.
    await fireEvent.click(within(toasts).getByRole('button', { name: 'Undo' }))
    await settle()
    expect(backend.callsTo('journal:undo')).toEqual([{ entryId: 7 }])
  })

  it('BrickLink remarks: none by default, the sets’ notes only when the user ticks the box', async () => {
    backend.override('exchange:export', ({ format }) => ({
      filename: 'bricklink-wanted.xml',
      mime: 'application/xml',
      content: '<INVENTORY>\n</INVENTORY>\n',
      rows: 0,
      savedTo: `/data/${format}.xml`
    }))
    await openApp('#/exchange')
    const exportBrickLink = screen.getByRole('button', { name: 'Export BrickLink wanted list XML' })
    await fireEvent.click(exportBrickLink)
    await settle()
    expect(backend.callsTo('exchange:export').at(-1)).toMatchObject({
      format: 'bricklink',
      remarks: 'none'
    })
    const box = screen.getByRole('checkbox', { name: /notes as BrickLink remarks/ })
    expect((box as HTMLInputElement).checked).toBe(false)
    await fireEvent.click(box)
    await fireEvent.click(exportBrickLink)
    await settle()
    expect(backend.callsTo('exchange:export').at(-1)).toMatchObject({
      format: 'bricklink',
      remarks: 'notes'
    })
  })

  it('restore: the backup’s counts against the collection’s, replaced only once confirmed', async () => {
    await openApp('#/exchange')
    const input = screen.getByLabelText('Restore from a backup file')
    await fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([1, 2, 3])], 'mine.studbook')] }
    })
    await settle(10)
    expect(backend.callsTo('exchange:previewRestore')).toEqual([
      { data: [new Uint8Array([1, 2, 3])], name: 'mine.studbook' }
    ])
    const dialog = screen.getByRole('dialog', { name: 'Restore this backup?' })
    const row = within(dialog).getByRole('row', { name: /Loose minifigures/ })
    expect(row.textContent).toContain('140')
    // What goes to the service, and what the restore leaves out and why, before confirming.
    expect(dialog.textContent).toContain('14 changes will be sent to the service.')
    expect(within(dialog).getByTestId('restore-refused').textContent).toContain(
      'Set 5004: notes: Too big'
    )
    expect(within(dialog).getByTestId('restore-refused').textContent).toContain('and 1 more')
    expect(within(dialog).getByTestId('restore-unknown-sets').textContent).toContain('99999')
    expect(backend.callsTo('exchange:applyRestore')).toHaveLength(0)
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Replace my collection' }))
    await settle()
    expect(backend.callsTo('exchange:applyRestore')).toEqual([{ restoreId: 'r1' }])
    expect(screen.getByRole('region', { name: 'Notifications' }).textContent).toContain(
      '/data/backups/studbook-before-restore.studbook'
    )
  })

  it('asks for facet counts once typing pauses, not on every keystroke', async () => {
    await openApp('#/browse')
    // The opening list's own counts first: asked after it rested, they could land mid-word below.
    await vi.waitFor(
      () => {
        expect(search.facets).not.toBeNull()
      },
      { timeout: WAIT_MS, interval: 20 }
    )
    const before = backend.callsTo('catalog:search').length
    const asked = () => backend.callsTo('catalog:search').slice(before)
    const countsFor = () => asked().flatMap((q) => (q.facets === true ? [q.text] : []))
    const box = screen.getByLabelText('Search sets')
    // The pause is the app's timer, not the machine's: with real timers a loaded machine took
    // longer than the pause between two keystrokes here, and the counts were asked mid-word.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      for (const text of ['t', 'to', 'tow', 'town']) {
        await fireEvent.input(box, { target: { value: text } })
        await vi.advanceTimersByTimeAsync(0)
      }
      expect(asked().map((q) => q.text)).toContain('town')
      await vi.advanceTimersByTimeAsync(FACET_DELAY_MS - 1)
      expect(countsFor()).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
    } finally {
      vi.useRealTimers()
    }
    await settle()
    expect(countsFor()).toEqual(['town'])
  })

  it('keeps an edit when an older reload of the list answers after it', async () => {
    await openApp('#/browse')
    await fireEvent.input(screen.getByLabelText('Search sets'), { target: { value: '' } })
    await settle()
    // Hold the next search answer back, edit meanwhile, then let the stale answer through.
    let release: () => void = () => undefined
    const original = backend.invoke.bind(backend)
    backend.invoke = (channel, input) => {
      if (channel !== 'catalog:search') return original(channel, input)
      const snapshot = original(channel, input)
      return new Promise((resolve) => {
        release = () => {
          resolve(snapshot)
        }
      })
    }
    backend.emit('data:changed', { scope: 'collection', setIDs: [] })
    await settle()
    backend.invoke = original
    const grid = screen.getByRole('grid')
    await fireEvent.keyDown(grid, { key: 'Home' })
    await fireEvent.keyDown(grid, { key: 'w' })
    await settle()
    release()
    await settle()
    const row = document.getElementById('item-0') as HTMLElement
    expect(within(row).getByRole('button', { name: 'Wanted' }).getAttribute('aria-pressed')).toBe(
      'true'
    )
  })
})
