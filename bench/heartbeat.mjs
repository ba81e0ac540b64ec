/**
 * A heartbeat on a thread of its own (bench/stall-host.ts `heartbeat`): asks the host `channel`
 * again and again on a kept-alive connection of its own, `gapMs` apart, until told to stop, then
 * answers with every call's time. On the benchmark's main thread the heartbeat also waited for
 * that thread's own work: building and sending a 24 MB file held it up to 336 ms, which read as
 * the host's (bench/stall-hostile.ts). Plain JS, so the worker needs no loader.
 */
import { Agent, request } from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

const { port, cookie, channel, gapMs } = workerData
const agent = new Agent({ keepAlive: true, maxSockets: 1 })
let stopped = false
parentPort?.once('message', () => {
  stopped = true
})

/** One call: whether the host answered it as done, and how long it took. */
function call() {
  return new Promise((resolve) => {
    const t0 = performance.now()
    const req = request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: 'POST',
        path: `/rpc/${channel}`,
        headers: {
          Host: `127.0.0.1:${String(port)}`,
          Cookie: cookie,
          'Content-Type': 'application/json',
          'Content-Length': 2
        }
      },
      (res) => {
        let data = ''
        res.setEncoding('utf8')
        res.on('data', (c) => (data += c))
        res.on('end', () => {
          let ok = false
          try {
            ok = JSON.parse(data).ok === true
          } catch {
            // Not JSON: a failed beat.
          }
          resolve({ ok, ms: performance.now() - t0 })
        })
      }
    )
    req.on('error', () => {
      resolve({ ok: false, ms: performance.now() - t0 })
    })
    req.end('{}')
  })
}

const beats = []
while (!stopped) {
  beats.push(await call())
  await new Promise((resolve) => setTimeout(resolve, gapMs))
}
agent.destroy()
parentPort?.postMessage(beats)
