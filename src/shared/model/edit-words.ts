/**
 * The words people read for edits: the activity list and undo toasts (main's journal), the outbox
 * and conflict views, and import previews all name a change the same way, never by its code name.
 */

const FIELDS: Readonly<Record<string, string>> = {
  owned: 'Owned',
  wanted: 'Wanted',
  qtyOwned: 'Quantity owned',
  notes: 'Notes',
  rating: 'Rating',
  copy: 'Copy',
  label: 'Flag name',
  minifig: 'Minifigure'
}

/**
 * `qtyOwned` → "Quantity owned"; `flag3` or `flag 3` → "Flag 3" (or the user's name for it);
 * `minifig 85863pb076` → "Minifigure 85863pb076"; `flag label 2` → "Name of flag 2".
 */
export function fieldWords(field: string, flagName?: (flagNo: number) => string): string {
  const flag = /^flag ?([1-8])$/.exec(field)
  if (flag) {
    const n = Number(flag[1])
    return flagName ? flagName(n) : `Flag ${n}`
  }
  const label = /^flag label ([1-8])$/.exec(field)
  if (label) return `Name of flag ${label[1] ?? ''}`
  const figure = /^minifig (.+)$/.exec(field)
  if (figure) return `Minifigure ${figure[1] ?? ''}`
  return FIELDS[field] ?? field
}

/** The fields of a set edit, as the user set them. */
interface SetChange {
  readonly owned?: boolean | undefined
  readonly wanted?: boolean | undefined
  readonly qtyOwned?: number | undefined
  readonly notes?: string | undefined
  readonly rating?: number | undefined
  readonly flags?: Readonly<Record<string, boolean>> | undefined
}

/** `{ owned: true, qtyOwned: 2 }` → "owned, quantity owned 2": what an edit did, in a few words. */
export function setChangeWords(change: SetChange): string {
  const parts: string[] = []
  if (change.owned !== undefined) parts.push(change.owned ? 'owned' : 'not owned')
  if (change.qtyOwned !== undefined) parts.push(`quantity owned ${change.qtyOwned}`)
  if (change.wanted !== undefined) parts.push(change.wanted ? 'wanted' : 'not wanted')
  if (change.notes !== undefined) parts.push(change.notes === '' ? 'notes cleared' : 'notes edited')
  if (change.rating !== undefined) {
    parts.push(change.rating === 0 ? 'rating cleared' : `rating ${change.rating}`)
  }
  if (change.flags !== undefined) parts.push('flags')
  return parts.join(', ')
}
