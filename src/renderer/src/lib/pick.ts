/** A click that picks rows (Shift for a range, Ctrl or Cmd to add or take out) instead of acting. */
export function picksRows(event: MouseEvent): boolean {
  return event.shiftKey || event.ctrlKey || event.metaKey
}
