/**
 * Where the keyboard goes after a screen changes under it: without this, a screen that replaces
 * the focused element (opening a set, going back to the list) leaves focus on the page body.
 */
class FocusIntent {
  /** Set on the way back from a set: the list takes focus, on the row it had. */
  #list = $state(false)
  /** Set when a set opens: its title takes focus, so reading starts there. */
  #detail = $state(false)

  get list(): boolean {
    return this.#list
  }
  get detail(): boolean {
    return this.#detail
  }
  toList(): void {
    this.#list = true
  }
  toDetail(): void {
    this.#detail = true
  }
  /** Whether the list was to take focus; the screen that takes it clears the wish. */
  takeList(): boolean {
    const wanted = this.#list
    this.#list = false
    return wanted
  }
  takeDetail(): boolean {
    const wanted = this.#detail
    this.#detail = false
    return wanted
  }
}

export const focusIntent = new FocusIntent()
