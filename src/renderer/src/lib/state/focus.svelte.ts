import { OwnFields } from './own-fields.svelte'

/**
 * Where the keyboard goes after a screen changes under it: without this, a screen that replaces
 * the focused element (opening a set, going back to the list) leaves focus on the page body.
 */
class FocusIntent extends OwnFields(() => ({
  /** Set on the way back from a set: the list takes focus, on the row it had. */
  list: false,
  /** Set when a set opens: its title takes focus, so reading starts there. */
  detail: false
})) {
  toList(): void {
    this.write({ list: true })
  }
  toDetail(): void {
    this.write({ detail: true })
  }
  /** Whether the list was to take focus; the screen that takes it clears the wish. */
  takeList(): boolean {
    return this.#take('list')
  }
  takeDetail(): boolean {
    return this.#take('detail')
  }
  #take(where: 'list' | 'detail'): boolean {
    const wanted = this[where]
    this.write({ [where]: false })
    return wanted
  }
}

export const focusIntent = new FocusIntent()
