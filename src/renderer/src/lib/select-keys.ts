import type { SelectionState } from './state/selection.svelte'

/** The click landed on one of the row's own controls (its toggles, stepper, name link). */
export function onControl(event: MouseEvent): boolean {
  const t = event.target
  return t instanceof Element && t.closest('button, input, select, textarea, a') !== null
}

/**
 * A pointer pick, as file managers and BrickStore do it: Shift takes the range from the anchor
 * (`from`, the keyboard's row, when nothing was picked yet), Ctrl/Cmd takes the row in or out,
 * a plain click selects the row alone. A plain click on a row's own control only does what the
 * control does, so a selection survives a click on one row's Owned toggle.
 */
export function pickRow(
  event: MouseEvent,
  selection: SelectionState,
  index: number,
  from: number
): void {
  const mod = event.ctrlKey || event.metaKey
  if (event.shiftKey) void selection.extendTo(index, mod, from)
  else if (mod) selection.toggle(index)
  else if (!onControl(event)) selection.only(index)
}

/** Keys that act on the selection alone: Ctrl/Cmd+A, Space, Escape. True when handled. */
export function selectionKey(
  event: KeyboardEvent,
  selection: SelectionState,
  active: number
): boolean {
  const mod = event.ctrlKey || event.metaKey
  if (event.altKey) return false
  if (mod && !event.shiftKey && event.key.toLowerCase() === 'a') {
    selection.selectAll()
    return true
  }
  if (event.key === ' ' && !mod) {
    selection.toggle(active)
    return true
  }
  if (event.key === 'Escape' && !mod && selection.count > 0) {
    selection.clear()
    return true
  }
  return false
}
