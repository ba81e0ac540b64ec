import { tryCall, on } from '../api'

/**
 * The collection doctor's badge: how many problems its checks find now. Counted again after
 * every edit and every finished sync, since either can make or mend a problem.
 */
class DoctorBadge {
  total = $state(0)
  async load(): Promise<void> {
    const r = await tryCall('doctor:getSummary', {})
    // A failed count keeps the last one: the badge is a hint, the screen says the rest.
    if (r.ok) this.total = r.value.total
  }

  /** Follows the data while some screen shows the badge; returns the stop. */
  follow(): () => void {
    void this.load()
    let running = false
    const offs = [
      on('data:changed', () => void this.load()),
      on('sync:status', (s) => {
        if (running && !s.running) void this.load()
        running = s.running
      })
    ]
    return () => {
      for (const off of offs) off()
    }
  }
}

export const doctorBadge = new DoctorBadge()
