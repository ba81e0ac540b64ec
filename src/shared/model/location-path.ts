/**
 * Issue #30 §4: a copy's location as a path, `Room › Shelf › Bin`. The path lives in the copy's
 * `location` text exactly as the service holds it; nothing here needs the service to know.
 *
 * Decisions:
 * - Written with ` › ` (U+203A between spaces), the separator the screens show.
 * - Typed `>` and `/` separate too (and `›` without spaces): people type `Attic > Shelf 2` or
 *   `Attic/Shelf 2`, and both mean the same place. A name cannot hold a separator; a location
 *   the service already holds with a `/` in it (`N/A`) reads as two steps. Nothing rewrites a
 *   stored location by itself: only a location the user types again is written in the canonical
 *   form (the copy form normalises the field when it changes).
 * - Each step is trimmed and its inner spaces folded to one; empty steps are dropped, so
 *   `Attic >> Shelf` is `Attic › Shelf`.
 * - Two locations are the same place when their keys match: canonical form, NFKC, lower case.
 *   `attic/shelf 2` is where `Attic › Shelf 2` is.
 */

const PATH_SEPARATOR = ' › '

const SPLIT = /[›>/]/

/** The steps of a location, outermost first; [] for a blank location. */
export function splitPath(text: string): string[] {
  return text
    .split(SPLIT)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s !== '')
}

/** The location of these steps (blank steps dropped, separators in a step read as splits). */
export function joinPath(steps: readonly string[]): string {
  return splitPath(steps.join('›')).join(PATH_SEPARATOR)
}

/** The canonical text of a typed location. */
export function normalisePath(text: string): string {
  return splitPath(text).join(PATH_SEPARATOR)
}

/** What two locations compare by: the same place, however it was typed. */
export function pathKey(text: string): string {
  return normalisePath(text).normalize('NFKC').toLowerCase()
}

/** Whether `path` is `root` or one of its sub-locations (`Attic › Shelf` is within `Attic`). */
export function isWithin(path: string, root: string): boolean {
  const p = pathKey(path)
  const r = pathKey(root)
  if (r === '') return false
  return p === r || p.startsWith(r + PATH_SEPARATOR)
}

/** The location and each place it is in, innermost last: `A`, `A › B`, `A › B › C`. */
export function pathAncestors(text: string): string[] {
  const steps = splitPath(text)
  return steps.map((_, i) => steps.slice(0, i + 1).join(PATH_SEPARATOR))
}
