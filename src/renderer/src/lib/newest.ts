/**
 * Numbers a screen's requests so only the newest one's answer is used: when the user changes a
 * choice while a request is out, the older answer may arrive last and must not overwrite the
 * newer one.
 */
export class NewestAnswer {
  #seq = 0

  /** The answer of `start()`, or undefined when a newer request began (or `drop`) meanwhile. */
  async of<T>(start: () => Promise<T>): Promise<T | undefined> {
    const seq = ++this.#seq
    const answer = await start()
    return seq === this.#seq ? answer : undefined
  }

  /** Any answer still out is dropped (the screen has nothing to ask now). */
  drop(): void {
    this.#seq++
  }
}
