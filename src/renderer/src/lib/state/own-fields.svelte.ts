/**
 * The fields a state class shows and only it writes (issue #31, "state classes own their
 * writes"). `class X extends OwnFields(fresh)` gives X a read-only property per field of
 * `fresh()`, each its own signal (a reader redraws for its field only), and one protected way
 * to change them, `write`. A component that assigns a field gets a type error from the checker
 * and a TypeError when it runs (an accessor without a setter, in strict mode); a reader of the
 * class finds every write as a `this.write({ … })` inside it.
 */

/** One field's signal. Values are replaced, never changed in place, so raw state suffices. */
function cell<V>(value: V): { get: () => V; set: (next: V) => void } {
  let v = $state.raw(value)
  return {
    get: () => v,
    set: (next) => {
      v = next
    }
  }
}

type Cells<T> = { [K in keyof T]: ReturnType<typeof cell<T[K]>> }

/** The base class for a state class whose fields are those of `fresh()`, as it starts. */
export function OwnFields<T extends object>(fresh: () => T) {
  class Fields {
    readonly #cells: Cells<T>

    constructor() {
      const start = fresh()
      const cells: Partial<Cells<T>> = {}
      for (const key of Object.keys(start) as (keyof T)[]) {
        const c = cell(start[key])
        cells[key] = c
        Object.defineProperty(this, key, { get: c.get, enumerable: true })
      }
      this.#cells = cells as Cells<T>
    }

    /** Changes the fields named in `patch`; the others keep their values. */
    protected write(patch: Partial<T>): void {
      for (const key of Object.keys(patch) as (keyof T)[]) {
        this.#cells[key].set(patch[key] as T[keyof T])
      }
    }

    /** Every field back to `fresh()`: what a new window starts with. */
    protected writeFresh(): void {
      this.write(fresh())
    }
  }
  return Fields as new () => Fields & Readonly<T>
}
