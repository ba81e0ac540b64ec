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
