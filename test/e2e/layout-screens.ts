import type { Page } from 'playwright-core'
import { go, listSettled } from './ui-helpers'

/**
 * Every screen of the layout check (test/e2e/ui-layout.e2e.ts), reached as a user would; each
 * ends drawn and settled. A new screen adds its entry here.
 */
export interface LayoutScreen {
  readonly name: string
  readonly show: (page: Page) => Promise<void>
}

export async function layout(page: Page, want: 'list' | 'grid'): Promise<void> {
  await page.getByRole('button', { name: want === 'list' ? 'List' : 'Grid' }).click()
  await listSettled(page)
}

export async function filters(page: Page, open: boolean): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Filters' })
  // The panel's own test (ui-layout.e2e.ts) proves the toggle exists; here it only sets the scene.
  if ((await toggle.count()) === 0) return
  if ((await toggle.getAttribute('aria-expanded')) !== String(open)) await toggle.click()
}

/** A list screen at `hash`, its filter panel open or closed, drawn as a list or a grid. */
function listScreen(
  name: string,
  hash: string,
  filtersOpen: boolean,
  view: 'list' | 'grid'
): LayoutScreen {
  return {
    name,
    show: async (p) => {
      await go(p, hash)
      await filters(p, filtersOpen)
      await layout(p, view)
    }
  }
}

/** The screens, given the set whose detail page is shown (one carrying every flag). */
export function layoutScreens(detailSetId: () => number): LayoutScreen[] {
  return [
    listScreen('browse-list', '#/browse', true, 'list'),
    listScreen('browse-grid', '#/browse', true, 'grid'),
    listScreen('collection-grid-no-filters', '#/owned', false, 'grid'),
    // Wanted sets carry the shops' "Leaving in" badge; a flag's list every flag of its sets.
    listScreen('wanted-list-no-filters', '#/wanted', false, 'list'),
    listScreen('flag-grid-no-filters', '#/flag/1', false, 'grid'),
    {
      name: 'collection-list-no-filters',
      show: async (p) => {
        await go(p, '#/owned')
        await filters(p, false)
        await layout(p, 'list')
        await filters(p, true)
      }
    },
    {
      name: 'set-detail',
      show: async (p) => {
        await go(p, `#/browse/set/${detailSetId()}`)
        await p.getByRole('heading', { name: /^Reviews/ }).waitFor()
      }
    },
    {
      name: 'minifigs',
      show: async (p) => {
        await go(p, '#/minifigs')
        await p.getByRole('heading', { name: 'Minifigures', level: 1 }).waitFor()
      }
    },
    {
      name: 'notes',
      show: async (p) => {
        await go(p, '#/notes')
        await p.getByRole('heading', { name: 'Notes' }).waitFor()
      }
    },
    {
      name: 'totals',
      show: async (p) => {
        await go(p, '#/totals')
        await p.getByText('sets wanted').waitFor()
      }
    },
    {
      name: 'money',
      show: async (p) => {
        await go(p, '#/money')
        await p.getByRole('heading', { name: 'Money', level: 1 }).waitFor()
        await p.getByText(/^Reading the snapshots/).waitFor({ state: 'detached' })
        // Filled: the first sync's snapshot holds the demo's copy, in pounds.
        await p.getByRole('region', { name: 'British Pound (GBP)', exact: true }).waitFor()
      }
    },
    {
      name: 'doctor',
      show: async (p) => {
        await go(p, '#/doctor')
        await p.getByRole('heading', { name: 'Collection doctor', level: 1 }).waitFor()
        await p.getByText(/^Checking/).waitFor({ state: 'detached' })
      }
    },
    {
      name: 'ledger',
      show: async (p) => {
        await go(p, '#/ledger')
        await p.getByRole('heading', { name: 'Ledger', level: 1 }).waitFor()
        await p.getByText(/^Reading the ledger/).waitFor({ state: 'detached' })
      }
    },
    {
      name: 'audit',
      show: async (p) => {
        await go(p, '#/audit')
        await p.getByRole('heading', { name: 'Shelf audit', level: 1 }).waitFor()
        await p.getByText(/^Looking/).waitFor({ state: 'detached' })
        const field = p.getByLabel('Box label, copy id or set number')
        // The demo's one location walked: the first visit starts the audit, later ones find it.
        if ((await field.count()) === 0) {
          await p.getByRole('button', { name: 'Living room shelf' }).click()
          await p.getByRole('button', { name: 'Start audit' }).click()
          await field.waitFor()
        }
        // An outcome line to lay out too: a code that names nothing records nothing.
        await field.fill('no-such-box')
        await p.keyboard.press('Enter')
        await p.locator('.said', { hasText: /^Nothing in the collection/ }).waitFor()
      }
    },
    {
      name: 'leaving',
      show: async (p) => {
        await go(p, '#/leaving')
        await p.getByRole('heading', { name: 'Leaving shops', level: 1 }).waitFor()
        await p.getByText(/^Looking/).waitFor({ state: 'detached' })
        // Filled: the demo gives coming shop exits, and the layout test wants some of those sets.
        await p.getByRole('table').waitFor()
      }
    },
    {
      name: 'scan',
      show: async (p) => {
        await go(p, '#/scan')
        // A line to lay out too: an unknown code is listed and changes nothing.
        await p.getByLabel('Code', { exact: true }).fill('0000000000000')
        await p.keyboard.press('Enter')
        await p.locator('[data-testid="scan-line"][data-state="unknown"]').first().waitFor()
      }
    },
    {
      name: 'labels',
      show: async (p) => {
        await go(p, '#/labels')
        await p.getByRole('heading', { name: 'Box labels', level: 1 }).waitFor()
        // The demo's copies laid out on their sheets, scaled into the window.
        await p.getByTestId('labels-summary').waitFor()
      }
    },
    {
      name: 'sync',
      show: async (p) => {
        await go(p, '#/sync')
        await p.getByRole('heading', { name: 'Activity', exact: true }).waitFor()
      }
    },
    {
      name: 'exchange',
      show: async (p) => {
        await go(p, '#/exchange')
        await p.getByRole('heading', { name: 'Export', exact: true }).waitFor()
      }
    },
    {
      name: 'settings',
      show: async (p) => {
        await go(p, '#/settings')
        await p.getByRole('heading', { name: 'Flag labels' }).waitFor()
      }
    }
  ]
}
