import { existsSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceThread } from '../../src/emulator/reference-thread'
import type { ReferenceThread } from '../../src/emulator/reference-thread'
import { stepBack } from '../../src/main/store/thread-priority'
import { niceOf } from '../thread-nice'

// Issue #25: the demo's service stands in for a remote one, yet its thread shares the user's
// cores. At its default priority it competed with the host's main thread as an equal while a
// first sync's figures loaded, and a search waited for a core. The thread names itself as it
// starts; the app steps it back as it does its own workers.

const threads: ReferenceThread[] = []
afterEach(async () => {
  for (const t of threads.splice(0)) await t.close()
})

describe.runIf(process.platform === 'linux')('the demo service thread and the main thread', () => {
  it('names its thread to the app, which steps it back, and names each thread started after a crash', async () => {
    const named: number[] = []
    const thread = createReferenceThread(
      { sets: 50, seed: 2 },
      {
        onThread: (tid) => {
          named.push(tid)
          stepBack(tid)
        }
      }
    )
    threads.push(thread)
    const mainNice = niceOf('thread-self')
    const { apiKey } = await thread.start()
    expect(named).toHaveLength(1)
    const [first] = named
    expect(first).not.toBe(process.pid)
    expect(existsSync(`/proc/self/task/${String(first)}`)).toBe(true)
    expect(niceOf(`self/task/${String(first)}`)).toBeGreaterThan(mainNice)
    // The main thread answers the user: it keeps the priority it had.
    expect(niceOf('thread-self')).toBe(mainNice)

    await thread.worker()?.terminate()
    const res = await thread.fetch(
      new Request(`https://demo.studbook.invalid/api/v2.asmx/getThemes?apiKey=${apiKey}`)
    )
    expect(res.status).toBe(200)
    expect(named).toHaveLength(2)
    expect(named[1]).not.toBe(first)
    expect(niceOf(`self/task/${String(named[1])}`)).toBeGreaterThan(mainNice)
  })
})
