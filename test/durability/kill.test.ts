import { describe, expect, it } from 'vitest'
import { runKillLoop } from './kill-loop'

describe('kill -9 while editing', () => {
  it('50 random kills: integrity_check ok, every acknowledged edit in state and outbox, then on the service', async () => {
    const r = await runKillLoop({ iterations: 50, push: true })
    expect(r.failures).toEqual([])
    // The loop must have exercised the edit path, not killed children before their first edit.
    expect(r.acked).toBeGreaterThan(50)
    // ...and the push must have had acknowledged edits to send.
    expect(r.pushedSets).toBeGreaterThan(10)
  })
})
