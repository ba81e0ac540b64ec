import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceThread } from '../../src/emulator/reference-thread'
import type { ReferenceThread } from '../../src/emulator/reference-thread'

// Issue #25: answers the demo thread sends together are taken off its port in one go. Each
// caller's continuation then ran straight after the last one's, and at a first sync's start four
// per-theme answers and a page of sets held the host's main loop 50-65 ms. They now reach their
// callers one a turn of the event loop, the first at once.

const BASE = 'https://demo.studbook.invalid'
const CALLS = 8

/** A small read that the service answers after `ms`: several sent at once are answered together. */
function themesAfter(apiKey: string, ms: number): Request {
  return new Request(`${BASE}/api/v2.asmx/getThemes?apiKey=${apiKey}`, {
    headers: { 'x-studbook-fault': JSON.stringify({ type: 'latency', ms }) }
  })
}

/** Holds this thread (no turn of its loop) for `ms`, as a long piece of work would. */
function hold(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

describe('the demo thread’s answers on the main loop', () => {
  let thread: ReferenceThread
  let apiKey = ''
  beforeAll(async () => {
    thread = createReferenceThread({ sets: 50, seed: 2 })
    apiKey = (await thread.start()).apiKey
  })
  afterAll(async () => {
    await thread.close()
  })

  it('reach their callers one a turn when they arrive together', async () => {
    // Counts the loop's turns: an immediate queued by an immediate runs on the next turn.
    let turn = 0
    let ticking = true
    const tick = (): void => {
      turn += 1
      if (ticking) setImmediate(tick)
    }
    setImmediate(tick)
    try {
      const answered: number[] = []
      const calls = Array.from({ length: CALLS }, () =>
        thread.fetch(themesAfter(apiKey, 50)).then(async (res) => {
          answered.push(turn)
          expect(res.status).toBe(200)
          expect(await res.text()).toContain('<themes')
        })
      )
      // Meanwhile every answer is sent and waits on the port.
      hold(1000)
      await Promise.all(calls)
      // One a turn: no two answers in the same turn of the loop (timers and I/O between them).
      expect(new Set(answered).size).toBe(CALLS)
    } finally {
      ticking = false
    }
  })
})
