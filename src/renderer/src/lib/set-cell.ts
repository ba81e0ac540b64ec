import type { SetSummaryDto } from '../../../shared/model/catalog'

/** What the list's row and the grid's card are given for a set (undefined while its page loads). */
export interface SetCellProps {
  set: SetSummaryDto | undefined
  index: number
  active: boolean
  /** In the selection (a bulk edit's rows). */
  selected: boolean
  onopen: (setID: number) => void
}

/**
 * The attributes that make a row or card a cell of the list's grid for the keyboard and the
 * pointer: its id (aria-activedescendant names it), its role, its place and whether it is selected.
 */
export function cellAttributes(
  index: number,
  selected: boolean
): {
  id: string
  role: 'gridcell'
  tabindex: -1
  'aria-selected': boolean
  'data-index': number
} {
  return {
    id: `item-${String(index)}`,
    role: 'gridcell',
    tabindex: -1,
    'aria-selected': selected,
    'data-index': index
  }
}
