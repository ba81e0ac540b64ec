import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import { openApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { HeldTransport, toChannels } from './held-transport'
import { setTransport } from '../../src/renderer/src/lib/api'
import { scanLog } from '../../src/renderer/src/lib/state/scan.svelte'
import { sync } from '../../src/renderer/src/lib/state/sync.svelte'
import Scan from '../../src/renderer/src/views/Scan.svelte'
import type { ChannelInput } from '../../src/shared/ipc/contract'
import type { ScanResultDto } from '../../src/shared/model/scan'

/** The scan screen (issue #17): every scan listed in order, unknown codes kept, undo per line. */

const backend = new FakeBackend(30)
let owned = new Map<number, number>()
let journal = 0
const undone: number[] = []

/** Scans answer only when the test lets them: the next scan arrives while one is being saved. */
let transport: HeldTransport

function scanAnswer(input: ChannelInput<'collection:scan'>): ScanResultDto {
  const base = { code: input.code, action: input.action, choices: [], copy: null, journalId: null }
  const set = backend.sets.find((s) => s.fullNumber === input.code)
  if (input.code === '1111111111116') {
    const choices = backend.sets.slice(0, 2)
    if (input.setID === undefined) {
      return { ...base, status: 'ambiguous', set: null, choices, summary: '2 sets carry it' }
    }
  }
  const target = set ?? backend.sets.find((s) => s.setID === input.setID)
  if (!target) {
    return {
      ...base,
      status: 'unknown',
      set: null,
      summary: `No set carries the code ${input.code}`
    }
  }
  const n = (owned.get(target.setID) ?? 0) + 1
  owned.set(target.setID, n)
  const now = { ...target, collection: { ...target.collection, owned: true, qtyOwned: n } }
  return {
    ...base,
    status: 'applied',
    set: now,
    journalId: ++journal,
    summary: `Added ${target.fullNumber} ${target.name} — now ${n} owned`
  }
}

/** A Web Audio that records the tones the page asks for. */
const tones: number[] = []
class FakeAudio {
  currentTime = 0
  destination = {}
  createOscillator() {
    const osc = {
      type: '',
      frequency: { value: 0 },
      connect: () => undefined,
      stop: () => undefined,
      start: () => tones.push(osc.frequency.value)
    }
    return osc
  }
  createGain() {
    return { gain: { value: 0 }, connect: () => undefined }
  }
}

beforeAll(() => {
  ;(globalThis as { AudioContext?: unknown }).AudioContext = FakeAudio
  backend.override('collection:scan', scanAnswer)
  backend.override('collection:undoScan', ({ journalId }) => {
    undone.push(journalId)
    const set = backend.sets[0]
    if (!set) throw new Error('no set')
    return { set, journalId: 1000 + journalId, summary: `Undone: ${set.fullNumber} ${set.name}` }
  })
})
beforeEach(() => {
  transport = new HeldTransport(backend, toChannels('collection:scan'))
  setTransport(transport)
  owned = new Map()
  journal = 0
  undone.length = 0
  tones.length = 0
  scanLog.lines = []
  scanLog.setAction('owned')
  scanLog.setMuted(false)
})
afterEach(() => {
  cleanup()
})

function field(): HTMLInputElement {
  return screen.getByLabelText('Code')
}

/** What a scanner does: types the digits into the focused field, then Enter. */
async function scan(code: string): Promise<void> {
  const input = document.activeElement
  if (!(input instanceof HTMLInputElement)) throw new Error('the field lost the keyboard')
  input.value = code
  await fireEvent.input(input)
  await fireEvent.submit(input.form ?? input)
}

const lines = () => screen.getAllByTestId('scan-line')

/** The scan screen, its scans answered at once. */
function showScan(): void {
  transport.hold = false
  render(Scan)
}

describe('the scan screen', () => {
  it('keeps the field focused and applies 20 fast scans in order, one at a time', async () => {
    render(Scan)
    expect(document.activeElement).toBe(field())
    const codes = backend.sets.slice(0, 20).map((s) => s.fullNumber)
    for (const code of codes) await scan(code)
    // All twenty are listed at once (newest first), none applied yet, the field empty and focused.
    expect(lines().map((l) => l.querySelector('.code')?.textContent)).toEqual([...codes].reverse())
    expect(lines().every((l) => l.dataset.state === 'waiting')).toBe(true)
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('(20, 20 being saved)')
    expect(field().value).toBe('')
    expect(document.activeElement).toBe(field())

    await transport.release()
    expect(transport.mostHeld).toBe(1)
    expect(screen.getByRole('heading', { level: 2 }).textContent).not.toContain('being saved')
    expect(backend.callsTo('collection:scan').map((c) => c.code)).toEqual(codes)
    expect(lines().every((l) => l.dataset.state === 'applied')).toBe(true)
    expect(lines()[0]?.textContent).toContain(`Added ${codes[19] ?? ''}`)
    expect(screen.getByTestId('scan-announcement').textContent).toContain(
      `Added ${codes[19] ?? ''}`
    )
    // One short high tone per found set.
    expect(tones).toHaveLength(20)
    expect(new Set(tones).size).toBe(1)
  })

  it('lists an unknown code with its code, with a different sound, and muting silences it', async () => {
    showScan()
    await scan(backend.sets[0]?.fullNumber ?? '')
    await scan('4006381333924')
    await settle()
    const [unknown] = lines()
    expect(unknown?.dataset.state).toBe('unknown')
    expect(within(unknown ?? document.body).getByText('Unknown')).toBeTruthy()
    expect(unknown?.textContent).toContain('4006381333924')
    expect(screen.getByTestId('scan-announcement').textContent).toContain(
      'No set carries the code 4006381333924'
    )
    const [found = 0, problem = 0] = [tones[0], tones[1]]
    expect(problem).toBeLessThan(found)

    const mute = screen.getByRole('button', { name: 'Mute sound' })
    expect(mute.getAttribute('aria-pressed')).toBe('false')
    await fireEvent.click(mute)
    expect(mute.getAttribute('aria-pressed')).toBe('true')
    field().focus()
    const before = tones.length
    await scan('4006381333924')
    await settle()
    expect(tones).toHaveLength(before)
    expect(lines()).toHaveLength(3)
  })

  it('undoes the line it is asked to, not the newest, and keeps the field focused', async () => {
    showScan()
    for (const s of backend.sets.slice(0, 3)) await scan(s.fullNumber)
    await settle()
    const oldest = lines()[2]
    if (!oldest) throw new Error('no line')
    await fireEvent.click(within(oldest).getByRole('button', { name: /^Undo scan of/ }))
    await settle()
    expect(undone).toEqual([1])
    // The line no longer says the set was added.
    expect(oldest.textContent).toContain(`Undone: ${backend.sets[0]?.fullNumber ?? ''}`)
    expect(oldest.textContent).not.toContain('Added')
    expect(within(oldest).queryByRole('button', { name: /^Undo/ })).toBeNull()
    // The other lines keep their undo.
    expect(within(lines()[0] ?? document.body).getByRole('button', { name: /^Undo/ })).toBeTruthy()
    expect(document.activeElement).toBe(field())
  })

  it('asks which set when two carry the code, then applies the chosen one', async () => {
    showScan()
    await scan('1111111111116')
    await settle()
    const [line] = lines()
    expect(line?.dataset.state).toBe('ambiguous')
    const second = backend.sets[1]
    const choices = within(line ?? document.body).getByRole('group', {
      name: 'Sets with the code 1111111111116'
    })
    await fireEvent.click(
      within(choices).getByRole('button', { name: new RegExp(second?.fullNumber ?? '') })
    )
    await settle()
    expect(backend.callsTo('collection:scan').at(-1)).toEqual({
      code: '1111111111116',
      action: 'owned',
      setID: second?.setID
    })
    expect(line?.dataset.state).toBe('applied')
  })

  it('scans with the action chosen when the code was scanned', async () => {
    showScan()
    await fireEvent.click(screen.getByLabelText('Mark wanted'))
    field().focus()
    await scan(backend.sets[4]?.fullNumber ?? '')
    await settle()
    expect(backend.callsTo('collection:scan').at(-1)?.action).toBe('wanted')
  })
})

describe('reaching the scan screen', () => {
  it('opens from the sidebar and with Ctrl+Shift+B, even from the search box, field focused', async () => {
    transport.hold = false
    await openApp('#/browse', 8)
    const link = within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', {
      name: 'Scan'
    })
    expect(link.getAttribute('href')).toBe('#/scan')
    const search = screen.getByRole('searchbox', { name: 'Search sets' })
    search.focus()
    await fireEvent.keyDown(search, { key: 'B', ctrlKey: true, shiftKey: true })
    await settle(8)
    expect(window.location.hash).toBe('#/scan')
    expect(screen.getByRole('heading', { level: 1, name: 'Scan' })).toBeTruthy()
    expect(document.activeElement).toBe(field())
    expect(link.getAttribute('aria-current')).toBe('page')
  })
})

describe('a scan taken back elsewhere', () => {
  it('says so on its line when Ctrl+Z already undid it, and offers no second undo', async () => {
    showScan()
    await scan(backend.sets[0]?.fullNumber ?? '')
    await settle()
    backend.failures['collection:undoScan'] = {
      code: 'conflict',
      message: 'That scan was already undone.',
      retryable: false
    }
    try {
      const [line] = lines()
      await fireEvent.click(
        within(line ?? document.body).getByRole('button', { name: /^Undo scan of/ })
      )
      await settle()
      expect(line?.textContent).toContain('That scan was already undone.')
      expect(line?.textContent).not.toContain('Added')
      expect(within(line ?? document.body).queryByRole('button', { name: /^Undo/ })).toBeNull()
    } finally {
      delete backend.failures['collection:undoScan']
    }
  })
})

describe('a scan undone or redone with Ctrl+Z / Ctrl+Y', () => {
  it('its line says so at once, and offers Undo again only once the scan holds again', async () => {
    showScan()
    await scan(backend.sets[0]?.fullNumber ?? '')
    await settle()
    const [line] = lines()
    const journalId = journal
    const entry = (undoneNow: boolean) => ({
      entry: { id: journalId, at: '', description: 'Scan', undone: undoneNow },
      applied: true,
      canUndo: !undoneNow,
      canRedo: undoneNow
    })
    backend.override('journal:undo', () => entry(true))
    backend.override('journal:redo', () => entry(false))
    // The undo and redo name the scan's entry, as main says it is next.
    const step = { id: journalId, at: '', description: 'Scan', sets: 1 }
    backend.override('journal:next', () => ({ undo: { ...step, undone: false }, redo: null }))
    await sync.undo()
    await settle()
    expect(line?.textContent).toContain('taken back')
    expect(line?.textContent).not.toContain('Added')
    expect(
      within(line ?? document.body).queryByRole('button', { name: /^Undo scan of/ })
    ).toBeNull()
    backend.override('journal:next', () => ({ undo: null, redo: { ...step, undone: true } }))
    await sync.redo()
    await settle()
    expect(line?.textContent).toContain('holds again')
    expect(
      within(line ?? document.body).getByRole('button', { name: /^Undo scan of/ })
    ).toBeTruthy()
  })
})

describe('each scan line says what happened (issue #28)', () => {
  const outcome = (line: HTMLElement | undefined): string =>
    line?.querySelector('[data-testid="scan-outcome"]')?.textContent.trim() ?? ''

  it('an unknown code, a choice not yet made and a refused scan changed nothing', async () => {
    showScan()
    await scan('4006381333924')
    await scan('1111111111116')
    backend.failures['collection:scan'] = {
      code: 'internal',
      message: 'The database is busy.',
      retryable: false
    }
    try {
      await scan(backend.sets[2]?.fullNumber ?? '')
      await settle()
    } finally {
      delete backend.failures['collection:scan']
    }
    const [failed, ambiguous, unknown] = lines()
    for (const l of [failed, ambiguous, unknown]) expect(l?.textContent).not.toContain('+1')
    expect(outcome(unknown)).toBe('· nothing changed')
    expect(outcome(ambiguous)).toBe('· nothing changed yet: choose the set')
    expect(outcome(failed)).toBe('· not saved, nothing changed')
  })

  it('an applied scan says what it did; once undone, that it was undone', async () => {
    showScan()
    await scan(backend.sets[0]?.fullNumber ?? '')
    await fireEvent.click(screen.getByLabelText('Mark wanted'))
    field().focus()
    await scan(backend.sets[1]?.fullNumber ?? '')
    await settle()
    const [wanted, owned1] = lines()
    expect(outcome(owned1)).toBe('· 1 more owned')
    expect(outcome(wanted)).toBe('· marked wanted')
    await fireEvent.click(
      within(owned1 ?? document.body).getByRole('button', { name: /^Undo scan of/ })
    )
    await settle()
    expect(outcome(owned1)).toBe('· undone')
  })

  it('a scan still waiting has done nothing yet', async () => {
    render(Scan)
    await scan(backend.sets[0]?.fullNumber ?? '')
    expect(outcome(lines()[0])).toBe('· not saved yet')
    await transport.release()
    expect(outcome(lines()[0])).toBe('· 1 more owned')
  })
})
