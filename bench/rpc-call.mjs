/**
 * One call of a browser host's HTTP RPC, made as the renderer makes it (the token's cookie, a JSON
 * body), timed from the request to the end of the answer. Shared by bench/stall-host.ts (the
 * benchmarks' calls) and bench/heartbeat.mjs (a heartbeat on a thread of its own). Plain JS, so
 * that worker needs no loader.
 */
import { request } from 'node:http'

/** @param {import('./rpc-call.d.mts').RpcTarget} target */
export function rpcCall(target, channel, input = {}) {
  return new Promise((resolve) => {
    const body = JSON.stringify(input)
    const t0 = performance.now()
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        agent: target.agent,
        method: 'POST',
        path: `/rpc/${channel}`,
        headers: {
          Host: `127.0.0.1:${String(target.port)}`,
          Cookie: target.cookie,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body)
        }
      },
      (res) => {
        let data = ''
        res.setEncoding('utf8')
        res.on('data', (c) => (data += c))
        res.on('end', () => {
          const ms = performance.now() - t0
          try {
            const r = JSON.parse(data)
            resolve(
              r.ok
                ? { ok: true, ms, value: r.value }
                : { ok: false, ms, value: null, error: r.error.message }
            )
          } catch {
            resolve({ ok: false, ms, value: null, error: `HTTP ${String(res.statusCode)}` })
          }
        })
      }
    )
    // A dropped request is a result to count, not a reason to stop the benchmark.
    req.on('error', (e) => {
      resolve({ ok: false, ms: performance.now() - t0, value: null, error: e.message })
    })
    req.end(body)
  })
}
