import { tryCall, on } from '../api'

/**
 * The collection doctor's badge: how many problems its checks find now. Read once when shown;
 * after that main announces the count after every change of the data (`doctor:total`), so an edit
 * costs the window no extra call.
 */
class DoctorBadge {
  #total = $state(0)

  get total(): number {
    return this.#total
  }
  /** A count the doctor screen read itself. */
  show(total: number): void {
    this.#total = total
  }

  async load(): Promise<void> {
    const r = await tryCall('doctor:getSummary', {})
    // A failed count keeps the last one: the badge is a hint, the screen says the rest.
    if (r.ok) this.#total = r.value.total
  }

  /** Follows the data while some screen shows the badge; returns the stop. */
  follow(): () => void {
    void this.load()
    return on('doctor:total', ({ total }) => {
      this.#total = total
    })
  }
}

export const doctorBadge = new DoctorBadge()
