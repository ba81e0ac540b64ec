const KEY = 'studbook.filters'
/**
 * A window this narrow has no room for the filters beside the list: Browse lays them over it
 * (its `@media (max-width: 900px)` rule), so they start closed there and close when the window
 * narrows, leaving the list in view. The user's stored choice is kept for a wider window.
 */
const NARROW = '(max-width: 900px)'

/** Whether the filter panel beside the lists is open; the choice is kept across sessions. */
export class Panels {
  filtersOpen = $state(true)

  constructor() {
    try {
      if (typeof localStorage !== 'undefined')
        this.filtersOpen = localStorage.getItem(KEY) !== 'closed'
    } catch {
      // Storage can be disabled: the panel then starts open.
    }
    if (typeof matchMedia === 'function') {
      const narrow = matchMedia(NARROW)
      if (narrow.matches) this.filtersOpen = false
      narrow.addEventListener('change', (e) => {
        if (e.matches) this.filtersOpen = false
      })
    }
  }

  toggleFilters(): void {
    this.filtersOpen = !this.filtersOpen
    try {
      localStorage.setItem(KEY, this.filtersOpen ? 'open' : 'closed')
    } catch {
      // The choice then lasts for this session only.
    }
  }
}

export const panels = new Panels()
