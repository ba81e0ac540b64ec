import { describe, expect, it } from 'vitest'
import type { Handlers } from '../../src/shared/ipc/contract'
import { SEVERAL_BEATS, withHeartbeat } from './heartbeat'

/** The heartbeat the hostile-file tests rest on can fail: a job that holds the thread sees none. */
describe('withHeartbeat', () => {
  it('counts no answered call while a job holds the main thread from start to end', async () => {
    let calls = 0
    const handlers: Partial<Handlers> = {
      'collection:getTotals': () => {
        calls++
        return {} as never
      }
    }
    const { outcome, beats } = await withHeartbeat(handlers, () => {
      // A parser run inline: nothing else gets a turn until it is done.
      const until = Date.now() + 200
      let spins = 0
      while (Date.now() < until) spins++
      return Promise.resolve(spins)
    })
    expect(outcome).toHaveProperty('value')
    expect(beats).toBe(0)
    expect(calls).toBe(0)
  })

  it('counts the calls answered while a job lets the loop run, and only those', async () => {
    let release = (): void => undefined
    const job = new Promise<string>((resolve) => {
      release = () => {
        resolve('done')
      }
    })
    let calls = 0
    const handlers: Partial<Handlers> = {
      'collection:getTotals': () => {
        // The job ends on the fifth call: four were answered before it.
        if (++calls === 5) release()
        return {} as never
      }
    }
    const { outcome, beats, failed } = await withHeartbeat(handlers, () => job)
    expect(outcome).toEqual({ value: 'done' })
    expect(failed).toEqual([])
    expect(beats).toBeGreaterThanOrEqual(SEVERAL_BEATS)
    expect(beats).toBeLessThanOrEqual(5)
  })

  it('reports a call that fails', async () => {
    let calls = 0
    const handlers: Partial<Handlers> = {
      'collection:getTotals': () => {
        calls++
        throw new Error('the store is gone')
      }
    }
    const { failed } = await withHeartbeat(handlers, async () => {
      while (calls < 2) await new Promise((r) => setTimeout(r, 1))
    })
    expect(failed.length).toBeGreaterThanOrEqual(1)
  })
})
