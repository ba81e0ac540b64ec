import { createServer, request } from 'node:http'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBody } from '../../src/main/hosts/web-send'

/**
 * The browser host decodes a request body part by part as it arrives (web-send.ts): a character
 * whose bytes come in two parts must still read as itself, and the size limit still holds.
 */

let server: Server
let port = 0
const LIMIT = 64

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req, LIMIT).then((text) => {
      res.end(JSON.stringify({ text }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  port = typeof address === 'object' && address !== null ? address.port : 0
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

/** Sends `parts` as separate writes, each after the server has had a turn to read the last. */
function post(parts: readonly Buffer[]): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/' }, (res) => {
      let data = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (data += c))
      res.on('end', () => {
        resolve((JSON.parse(data) as { text: string | null }).text)
      })
    })
    req.on('error', reject)
    void (async () => {
      for (const part of parts) {
        req.write(part)
        await new Promise((r) => setTimeout(r, 20))
      }
      req.end()
    })()
  })
}

describe('a request body read part by part', () => {
  it('reads characters whose bytes are split between parts as themselves', async () => {
    const text = '{"name":"Château € 😀"}'
    const bytes = Buffer.from(text, 'utf8')
    // Splits inside "â" (2 bytes), "€" (3 bytes) and "😀" (4 bytes).
    const cuts = [10, bytes.indexOf(0xe2) + 1, bytes.indexOf(0xf0) + 2]
    const parts = [0, ...cuts].map((at, i) => bytes.subarray(at, cuts[i] ?? bytes.length))
    expect(Buffer.concat(parts).equals(bytes)).toBe(true)
    expect(await post(parts)).toBe(text)
  })

  it('answers null for a body over the limit, however it is split', async () => {
    const over = Buffer.from('x'.repeat(LIMIT + 1))
    expect(await post([over.subarray(0, 40), over.subarray(40)])).toBeNull()
    expect(await post([Buffer.from('x'.repeat(LIMIT))])).toBe('x'.repeat(LIMIT))
  })
})
