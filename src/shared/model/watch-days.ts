/** The watch's calendar: yyyy-MM-dd days, as the catalogue writes its shop dates. */

const pad = (n: number, w: number): string => String(n).padStart(w, '0')

/** The user's calendar day at this moment (local time: a shop closes on the user's day). */
export function localDay(at: Date): string {
  return `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1, 2)}-${pad(at.getDate(), 2)}`
}

function utcOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number)
  return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)
}

/** The day `n` days after `day`. */
export function addDays(day: string, n: number): string {
  const t = new Date(utcOf(day) + n * 86_400_000)
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1, 2)}-${pad(t.getUTCDate(), 2)}`
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / 86_400_000)
}
