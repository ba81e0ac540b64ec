/**
 * The collection doctor (issue #30 §2): checks over the local collection that find data a
 * collector did not mean to keep (a default date, a set both owned and wanted), each with what it
 * means and its fix. A fix is one edit of the collection's edit path (one Ctrl+Z), or, where no
 * automatic fix is safe, the place where the user fixes it by hand.
 */

export const DOCTOR_CHECKS = [
  'quantityCopies',
  'ownedZero',
  'ownedWanted',
  'copyNoPrice',
  'copyReleaseDate',
  'copyDateOut',
  'conditionBetter',
  'figuresUnowned',
  'flagNoLabel',
  'catalogueStale'
] as const

export type DoctorCheck = (typeof DOCTOR_CHECKS)[number]

/** Most rows one page of a check lists. */
export const DOCTOR_PAGE_MAX = 100

/** What a check's fix does: one edit, or a jump to where the user fixes it. */
type DoctorFixKind = 'edit' | 'openSet' | 'openMinifig' | 'openFlags' | 'sync'

interface DoctorCheckInfo {
  readonly title: string
  /** What the check means, and why it matters. */
  readonly explain: string
  readonly fix: DoctorFixKind
  /** The fix's button, said plainly. */
  readonly fixLabel: string
}

export const DOCTOR_INFO: Readonly<Record<DoctorCheck, DoctorCheckInfo>> = {
  quantityCopies: {
    title: 'Quantity differs from the copies with details',
    explain:
      'The quantity owned is not the number of copies you described. Totals count the quantity; the value and the insurance report count the copies.',
    fix: 'edit',
    fixLabel: 'Set the quantity to the copies'
  },
  ownedZero: {
    title: 'Owned, but quantity 0',
    explain:
      'The set is marked owned with no copy counted, so it is missing from every total that counts copies.',
    fix: 'edit',
    fixLabel: 'Count one copy'
  },
  ownedWanted: {
    title: 'Owned and wanted at once',
    explain:
      'A set you own is still on your wanted list, so the wanted list and the retirement watch keep showing it.',
    fix: 'edit',
    fixLabel: 'Remove from wanted'
  },
  copyNoPrice: {
    title: 'Copies with no price or currency',
    explain:
      'A copy without a price or currency is left out of what you paid, and a price without a currency cannot be added up. No price can be guessed: open the set and enter it.',
    fix: 'openSet',
    fixLabel: 'Open the set to enter the price'
  },
  copyReleaseDate: {
    title: "Copies acquired on the set's release date",
    explain:
      'A date acquired equal to the release date is usually a default filled in for you, not the day you bought it; it skews every "bought per year" figure.',
    fix: 'edit',
    fixLabel: 'Clear the date'
  },
  copyDateOut: {
    title: 'Copies dated in the future or before the set existed',
    explain:
      'The date acquired is after today, or more than six months before the set was released (or its year began): it cannot be right.',
    fix: 'edit',
    fixLabel: 'Clear the date'
  },
  conditionBetter: {
    title: 'Condition now better than when acquired',
    explain:
      'The copy is sealed or new now but was acquired used or incomplete. One of the two conditions is likely wrong; only you know which: open the set to correct it.',
    fix: 'openSet',
    fixLabel: 'Open the set to check the conditions'
  },
  figuresUnowned: {
    title: 'Figures counted in sets you do not own',
    explain:
      "The service counts more of this figure in your sets than the sets you own contain. The count is the service's own; a full sync reads it again.",
    fix: 'openMinifig',
    fixLabel: 'Open the figure'
  },
  flagNoLabel: {
    title: 'Flags set without a label',
    explain:
      'Sets carry a flag that has no name, so nobody can tell what it means. Name it in Settings, under Flag labels.',
    fix: 'openFlags',
    fixLabel: 'Name the flag'
  },
  catalogueStale: {
    title: 'Catalogue row missing or older than a year',
    explain:
      "The set's catalogue row (name, prices, shop dates) is missing or was last read more than a year ago. A full sync reads it again.",
    fix: 'sync',
    fixLabel: 'Run a full sync'
  }
}

interface DoctorCountDto {
  readonly check: DoctorCheck
  readonly count: number
}

export interface DoctorSummaryDto {
  readonly checks: readonly DoctorCountDto[]
  /** Every problem found: the sidebar's badge. */
  readonly total: number
}

/** One problem: a set, one of its copies, a figure or a flag. */
export interface DoctorRowDto {
  readonly check: DoctorCheck
  readonly setID: number | null
  readonly fullNumber: string | null
  readonly name: string | null
  readonly localId: string | null
  readonly minifigNumber: string | null
  readonly flagNo: number | null
  /** What is wrong with this one, in words ("quantity 3, 1 copy with details"). */
  readonly detail: string
}

export interface DoctorPageDto {
  readonly check: DoctorCheck
  readonly total: number
  readonly offset: number
  readonly rows: readonly DoctorRowDto[]
}

export interface DoctorFixResultDto {
  readonly journalId: number | null
  readonly description: string
}
