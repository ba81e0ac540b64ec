import { beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, within } from '@testing-library/svelte'
import type { LeavingDto } from '../../src/shared/model/watch'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { FakeViews } from './fake-views'
import { saveViewAs } from './saved-view-dialog'
import { waitUntil } from '../wait-until'
import { notices } from '../../src/renderer/src/lib/state/notices.svelte'

/** Issue #30 §3: the retirement watch as the user sees it, over a backend that answers it. */
const backend = new FakeBackend(100)
const fake = new FakeViews(backend)
const first = backend.sets[0]
if (!first) throw new Error('no set')
let told = false
backend.override('watch:leaving', (input): LeavingDto => {
  const row = {
    setID: first.setID,
    number: first.fullNumber,
    name: first.name,
    theme: first.theme,
    year: first.year ?? 2020,
    region: 'US' as const,
    exitDate: '2026-12-08',
    daysLeft: 12,
    price: '129.99',
    currency: 'USD'
  }
  // Main tells each set once: the fake does the same.
  const fresh = told ? [] : [row]
  told = true
  return { today: '2026-11-26', days: input.days ?? 90, sets: [row], fresh, truncated: false }
})

serveApp(backend)
beforeAll(() => {
  window.localStorage.clear()
  window.location.hash = '#/browse'
})

describe('the retirement watch in the window', () => {
  it('badges the set in Browse, tells once, and lists it on Leaving shops', async () => {
    // Counted as told, not as shown: a toast leaves after 6 s of the clock, which a slow run of
    // this test may pass (the one-toast-per-text rule would hide a second telling anyway).
    const said = vi.spyOn(notices, 'info')
    await openApp()
    await waitUntil(() => {
      expect(screen.getAllByText('Leaving in 12 d').length).toBeGreaterThan(0)
    })
    const toasts = screen.getByRole('region', { name: 'Notifications' })
    expect(within(toasts).getByText(/leaves the shops on 2026-12-08/)).toBeTruthy()

    await fireEvent.click(screen.getByRole('link', { name: 'Leaving shops' }))
    await settle()
    const page = screen.getByRole('region', { name: 'Leaving shops' })
    const table = within(page).getByRole('table')
    expect(within(table).getByText(first.name)).toBeTruthy()
    expect(within(table).getByText(/129\.99/)).toBeTruthy()
    expect(within(table).getByText('(in 12 days)')).toBeTruthy()
    // The second look told nothing new.
    const tellings = said.mock.calls.filter(([text]) => text.includes('leaves the shops'))
    expect(tellings).toHaveLength(1)
  })

  it('keeps "leaving shops within N days" in a saved view', async () => {
    await openApp('#/wanted')
    const filters = screen.getByRole('complementary', { name: 'Filters' })
    const within90 = within(filters).getByLabelText('Leaves the shop within days')
    await fireEvent.change(within90, { target: { value: '90' } })
    await settle()
    await waitUntil(() => {
      expect(backend.callsTo('catalog:search').at(-1)).toMatchObject({
        wanted: true,
        exitWithinDays: 90
      })
    })
    await saveViewAs('Leaving soon')
    expect(fake.rows.at(-1)?.query).toMatchObject({
      scope: { kind: 'wanted' },
      exitWithinDays: 90
    })
  })

  it('reads the shops chosen on Leaving shops, in the screen and in the filter', async () => {
    await openApp('#/leaving')
    const page = screen.getByRole('region', { name: 'Leaving shops' })
    await fireEvent.click(within(page).getByRole('checkbox', { name: 'UK' }))
    await settle()
    await waitUntil(() => {
      expect(backend.callsTo('watch:leaving').at(-1)?.regions).toContain('UK')
    })
    const chosen = backend.callsTo('watch:leaving').at(-1)?.regions ?? []
    cleanup()
    await openApp('#/browse')
    const filters = screen.getByRole('complementary', { name: 'Filters' })
    await fireEvent.change(within(filters).getByLabelText('Leaves the shop within days'), {
      target: { value: '30' }
    })
    await settle()
    await waitUntil(() => {
      expect(backend.callsTo('catalog:search').at(-1)).toMatchObject({
        exitWithinDays: 30,
        exitRegions: chosen
      })
    })
    expect(within(filters).getByText(/days \(.*UK.*\)/)).toBeTruthy()
  })

  it('the shops are a setting: chosen in Settings, the watch and the filter read them', async () => {
    await openApp('#/settings')
    const panel = screen.getByRole('region', { name: 'Leaving shops: which shops' })
    const eu = within(panel).getByRole<HTMLInputElement>('checkbox', { name: 'EU' })
    const was = eu.checked
    await fireEvent.click(eu)
    await settle()
    await waitUntil(() => {
      const regions = backend.callsTo('watch:leaving').at(-1)?.regions ?? []
      expect(regions.includes('EU')).toBe(!was)
    })
    const stored = JSON.parse(window.localStorage.getItem('studbook.watch') ?? '{}') as {
      regions?: string[]
    }
    expect(stored.regions?.includes('EU')).toBe(!was)
    cleanup()
    await openApp('#/leaving')
    const page = screen.getByRole('region', { name: 'Leaving shops' })
    expect(within(page).getByRole<HTMLInputElement>('checkbox', { name: 'EU' }).checked).toBe(!was)
  })
})
