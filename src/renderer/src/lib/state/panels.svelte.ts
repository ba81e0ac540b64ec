const KEY = 'studbook.filters'

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
