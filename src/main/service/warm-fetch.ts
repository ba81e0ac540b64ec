import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * One HTTP exchange over loopback before the host answers anyone (issue #25). Node loads and
 * compiles its fetch (undici, zlib, the HTTP/1 client) on the first request that gets an answer:
 * in a connect's first sync that was the longest block of the main thread after the host
 * listened, 34-52 ms quietly (docs/benchmarks.md, 2026-11-26 18:20). Made here, while the app
 * starts, it costs the same but no call waits behind it. A refused connection does not do it: the
 * cost is in reading an answer. The server listens on 127.0.0.1 only, on a port the OS picks,
 * answers this one request and is closed; any failure is ignored (the first real request then
 * pays, as before), and it gives up after `limitMs`.
 */
export async function warmFetch(limitMs = 2000): Promise<void> {
  const server = createServer((req, res) => {
    req.resume()
    res.setHeader('content-type', 'text/xml; charset=utf-8')
    res.end('<ok/>')
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', resolve)
    })
    const { port } = server.address() as AddressInfo
    const res = await fetch(`http://127.0.0.1:${String(port)}/`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      body: '<warm/>',
      signal: AbortSignal.timeout(limitMs)
    })
    await res.arrayBuffer()
  } catch {
    // Nothing depends on it: the first real request compiles what this did not.
  } finally {
    server.closeAllConnections()
    // Closed before the start goes on: nothing of it is left listening once the host answers.
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve()
      })
    })
  }
}
