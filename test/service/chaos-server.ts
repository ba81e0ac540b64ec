import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { closeNow } from './close-now'

/** One scripted answer: gets the raw request and does anything to the socket. */
export type Scenario = (req: IncomingMessage, res: ServerResponse, body: string) => void

/** A loopback fault server: the scenario for each request is looked up by the test. */
export async function chaosServer(
  pick: (req: IncomingMessage, body: string) => Scenario
): Promise<{ url: string; requests: { method: string; path: string }[]; close(): Promise<void> }> {
  const requests: { method: string; path: string }[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (body += c))
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '' })
      pick(req, body)(req, res, body)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => closeNow(server)
  }
}
