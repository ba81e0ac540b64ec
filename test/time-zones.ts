/**
 * Time zones for tests of times: `npm test` runs the node suite under TZ=America/New_York and the
 * files in TIME_FILES (scripts/test-all.sh) again under TZ=Pacific/Kiritimati, so a time read as
 * local time is caught in either. A test of the rule itself goes further and reads the
 * same value in several zones inside one process (Node applies a new TZ when process.env.TZ is
 * assigned), so it fails even where the suite happens to run in UTC.
 */

/** Far apart on both sides of UTC, and UTC itself: a local reading differs in at least two. */
export const ZONES = ['America/New_York', 'Pacific/Kiritimati', 'Asia/Kathmandu', 'UTC'] as const

/** What `read` returns in each zone of ZONES, the process's own zone restored after. */
export function inEachZone<T>(read: () => T): Readonly<Record<string, T>> {
  const own = process.env['TZ']
  const out: Record<string, T> = {}
  try {
    for (const zone of ZONES) {
      process.env['TZ'] = zone
      out[zone] = read()
    }
  } finally {
    if (own === undefined) delete process.env['TZ']
    else process.env['TZ'] = own
  }
  return out
}

/** The same `value` for every zone of ZONES: what a reading that ignores the zone gives. */
export function sameInEachZone<T>(value: T): Readonly<Record<string, T>> {
  return Object.fromEntries(ZONES.map((z) => [z, value]))
}
