/**
 * What the header and the sync page say of a sync, in the user's words (issue #28): which thing is
 * downloading, how far (N of M), and when the last complete sync was, never flattering either.
 */

interface Running {
  readonly phase: string
  readonly done: number
  readonly total: number
  readonly pending: number
  readonly catalogueSets: number
}

const num = (n: number): string => n.toLocaleString()

/** `N of M` when the total is known, else null. */
function ofTotal(s: Running): string | null {
  return s.total > 0 ? `${num(Math.min(s.done, s.total))} of ${num(s.total)}` : null
}

/** What a running sync is doing: the catalogue, its parts, the figures, or the user's collection. */
export function runningText(s: Running): string {
  const part = ofTotal(s)
  switch (s.phase) {
    case 'themes':
      return 'Downloading the catalogue’s themes…'
    case 'subthemes':
    case 'years':
      return `Downloading the catalogue’s ${s.phase}…${part ? ` ${part} themes` : ''}`
    case 'recent':
      return 'Checking the catalogue for new and changed sets…'
    case 'minifigs':
      return `Downloading minifigures…${part ? ` ${part}` : ''}`
    case 'collection':
      // Its steps count calls and sets with copies: no number a person would read as sets.
      return 'Downloading your collection…'
    case 'push':
      return `Sending ${s.pending === 1 ? 'your change' : 'your changes'}…`
    case 'sets':
      return `Downloading the catalogue… ${part ?? num(s.catalogueSets)} sets`
    default:
      return 'Syncing…'
  }
}

export function incompleteText(p: { readonly got: number; readonly expected: number }): string {
  return `Catalogue incomplete: ${num(p.got)} of ${num(p.expected)} sets`
}

const clock = (t: Date): string => t.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })

/**
 * When the last complete sync ended, as the window's clock reads it. "just now" only for the
 * minute after it, and only while nothing since fell short: seconds after a failed or cut-off
 * attempt (the service went away, Sync now) it is the clock time "before this attempt", so the
 * attempt never reads as a sync. A time ahead of this clock (the host's clock runs ahead) is given
 * as the time itself.
 */
export function lastSyncText(iso: string | null, now: number, attemptFellShort: boolean): string {
  const t = iso === null ? Number.NaN : Date.parse(iso)
  if (Number.isNaN(t)) return 'No complete sync yet'
  const at = new Date(t)
  const s = Math.floor((now - t) / 1000)
  const sameDay = at.toDateString() === new Date(now).toDateString()
  const when = sameDay ? `at ${clock(at)}` : `on ${at.toLocaleDateString()} at ${clock(at)}`
  if (s < 0) return `Last complete sync ${when}`
  if (s < 60) {
    return attemptFellShort
      ? `Last complete sync ${when}, before this attempt`
      : 'Last complete sync just now'
  }
  if (s < 3600) return `Last complete sync ${Math.floor(s / 60)} min ago (${when})`
  if (s < 86400) return `Last complete sync ${Math.floor(s / 3600)} h ago (${when})`
  return `Last complete sync ${when}`
}
