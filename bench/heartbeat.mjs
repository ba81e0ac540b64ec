/**
 * A heartbeat on a thread of its own (bench/stall-host.ts `heartbeat`): asks the host `channel`
 * again and again on a kept-alive connection of its own, `gapMs` apart, until told to stop, then
 * answers with every call's time. On the benchmark's main thread the heartbeat also waited for
 * that thread's own work: building and sending a 24 MB file held it up to 336 ms, which read as
 * the host's (bench/stall-hostile.ts). Plain JS, so the worker needs no loader.
 */
import { Agent } from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'
import { rpcCall } from './rpc-call.mjs'

const { port, cookie, channel, gapMs } = workerData
const agent = new Agent({ keepAlive: true, maxSockets: 1 })
let stopped = false
parentPort?.once('message', () => {
  stopped = true
})

const beats = []
while (!stopped) {
  const { ok, ms } = await rpcCall({ port, cookie, agent }, channel)
  beats.push({ ok, ms })
  await new Promise((resolve) => setTimeout(resolve, gapMs))
}
agent.destroy()
parentPort?.postMessage(beats)
