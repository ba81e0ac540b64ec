import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { niceOf } from '../thread-nice'

/** A thread's nice value: field 19 of /proc/thread-self/stat (after the command's parentheses). */
const NICE_OF_SELF = `
  const { readFileSync } = require('node:fs')
  const nice = () => Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ')[16])
`

describe.runIf(process.platform === 'linux')(
  'a background thread yields the CPU to the main thread',
  () => {
    it('lowers its own priority, and only its own', async () => {
      const mainBefore = niceOf('thread-self')
      const script = `${NICE_OF_SELF}
      const { parentPort, workerData } = require('node:worker_threads')
      require(workerData.tsx)
      const { yieldToMainThread } = require(workerData.module)
      const before = nice()
      yieldToMainThread()
      parentPort.postMessage({ before, after: nice() })`
      const worker = new Worker(script, {
        eval: true,
        workerData: {
          tsx: require.resolve('tsx/cjs'),
          module: require.resolve('../../src/main/store/thread-priority.ts')
        }
      })
      const got = await new Promise<{ before: number; after: number }>((done, fail) => {
        worker.once('message', done)
        worker.once('error', fail)
      })
      await worker.terminate()
      expect(got.after).toBeGreaterThan(got.before)
      // The main thread answers the user: it keeps the priority it had.
      expect(niceOf('thread-self')).toBe(mainBefore)
    })
  }
)
