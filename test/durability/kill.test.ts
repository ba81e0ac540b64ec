import { describe, expect, it } from 'vitest'
import { runKillLoop } from './kill-loop'

describe('kill -9 while editing', () => {
  it('50 random kills: integrity_check ok, every acknowledged edit in state and outbox', async () => {
    const r = await runKillLoop({ iterations: 50 })
    expect(r.failures).toEqual([])
    // The loop must have exercised the edit path, not killed children before their first edit.
    expect(r.acked).toBeGreaterThan(50)
  }, 120_000)
})
