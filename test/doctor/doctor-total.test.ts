import { describe, expect, it } from 'vitest'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { followDoctorTotal } from '../../src/main/doctor/index'

/** Lets timers and the count's promises run, without a wall-clock limit on anything. */
async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 20))
}

/** A bus and the totals it announced, in order. */
function announcedTotals() {
  const events = createEventBus()
  const totals: number[] = []
  events.subscribe((name, payload) => {
    if (name === 'doctor:total') totals.push((payload as { total: number }).total)
  })
  return { events, totals }
}

describe("the doctor's badge, kept by main", () => {
  it('is counted again after a change of the data and announced, a burst counted once', async () => {
    const { events, totals } = announcedTotals()
    let counts = 0
    const stop = followDoctorTotal({
      events,
      total: () => Promise.resolve(++counts * 10),
      warn: () => undefined
    })
    // Five edits in a row: one count, one announcement.
    for (let i = 0; i < 5; i++) events.emit('data:changed', { scope: 'collection', setIDs: [i] })
    await until(() => totals.length === 1)
    expect(totals).toEqual([10])
    // A profile switch is a change too; a sync's own status is not.
    events.emit('sync:sets', { setIDs: [1], states: null })
    events.emit('account:changed', {} as never)
    await until(() => totals.length === 2)
    expect(totals).toEqual([10, 20])
    stop()
    events.emit('data:changed', { scope: 'all', setIDs: [] })
    await new Promise((r) => setTimeout(r, 400))
    expect(counts).toBe(2)
  })

  it('keeps counting after a failed count, and never runs two counts at once', async () => {
    const { events, totals } = announcedTotals()
    let open = 0
    let most = 0
    let calls = 0
    const warned: string[] = []
    const stop = followDoctorTotal({
      events,
      total: async () => {
        calls++
        open++
        most = Math.max(most, open)
        await new Promise((r) => setTimeout(r, 300))
        open--
        if (calls === 1) throw new Error('database busy')
        return 7
      },
      warn: (m) => warned.push(m)
    })
    events.emit('data:changed', { scope: 'collection', setIDs: [1] })
    await until(() => calls === 1)
    // A change while the first count runs is counted after it, not beside it.
    events.emit('data:changed', { scope: 'collection', setIDs: [2] })
    await until(() => totals.length === 1)
    expect(totals).toEqual([7])
    expect(most).toBe(1)
    expect(warned).toEqual(['doctor count failed'])
    stop()
  })
})
