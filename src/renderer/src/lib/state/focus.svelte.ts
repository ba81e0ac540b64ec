/**
 * Where the keyboard goes after a screen changes under it: without this, a screen that replaces
 * the focused element (opening a set, going back to the list) leaves focus on the page body.
 */
class FocusIntent {
  /** Set on the way back from a set: the list takes focus, on the row it had. */
  list = $state(false)
  /** Set when a set opens: its title takes focus, so reading starts there. */
  detail = $state(false)
}

export const focusIntent = new FocusIntent()
