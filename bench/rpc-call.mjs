/**
 * One call of a browser host's HTTP RPC, made as the renderer makes it (the token's cookie, a JSON
 * body, or a file's bytes with the headers that name the call's other fields: `upload`, made by
 * bench/stall-host.ts from src/shared/ipc/file-wire.ts), timed from the request to the end of the
 * answer. Shared by bench/stall-host.ts (the benchmarks' calls) and bench/heartbeat.mjs (a
 * heartbeat on a thread of its own). Plain JS, so that worker needs no loader.
 */
import { request } from 'node:http'

/** @param {import('./rpc-call.d.mts').RpcTarget} target */
export function rpcCall(target, channel, input = {}, upload = null) {
  return new Promise((resolve) => {
    const body = upload === null ? JSON.stringify(input) : Buffer.concat(upload.parts)
    const type = upload === null ? { 'Content-Type': 'application/json' } : upload.headers
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
          ...type,
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
