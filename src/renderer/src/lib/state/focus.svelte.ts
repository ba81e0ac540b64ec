import { OwnFields } from './own-fields.svelte'

type Where = 'list' | 'detail'

/**
 * Where the keyboard goes after a screen changes under it: without this, a screen that replaces
 * the focused element (opening a set, going back to the list) leaves focus on the page body.
 */
class FocusIntent extends OwnFields<Record<Where, boolean>>(() => ({
  /** Set on the way back from a set: the list takes focus, on the row it had. */
  list: false,
  /** Set when a set opens: its title takes focus, so reading starts there. */
  detail: false
})) {
  want(where: Where): void {
    this.write({ [where]: true })
  }
  /** Whether `where` was to take focus; the screen that takes it clears the wish. */
  take(where: Where): boolean {
    const wanted = this[where]
    this.write({ [where]: false })
    return wanted
  }
}

export const focusIntent = new FocusIntent()
