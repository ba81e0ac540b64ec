import { Agent, request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tokenCookieName } from '../../src/main/hosts/web-guard'
import { spawnTs } from './host-process'
import type { Spawned } from './host-process'
import { tempDirsOfFile } from '../temp-dirs'

/**
 * Issue 25, item 5: with Node's 5 s keep-alive default, a host that stalled longer than that closed
 * the idle connection the browser was sending its next call on, the moment it ran again: the call
 * was lost. The host here runs in its own process, which the test stops (SIGSTOP) for 8 s.
 */

const tempDir = tempDirsOfFile()

let host: Spawned
let port = 0
let token = ''
const agent = new Agent({ keepAlive: true, maxSockets: 1 })

beforeAll(async () => {
  host = spawnTs('test/hosts/fixtures/web-host.ts', [tempDir('studbook-static-')])
  const m = await host.waitFor(/listening (\d+) (\S+)/)
  port = Number(m[1])
  token = m[2] ?? ''
})

afterAll(async () => {
  agent.destroy()
  host.child.kill('SIGCONT')
  await host.stop()
})

/** One call as the page makes it, on the agent's one kept-alive connection. */
function rpc(channel: string): Promise<{ status: number; body: string; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path: `/rpc/${channel}`,
        method: 'POST',
        headers: {
          Host: `127.0.0.1:${String(port)}`,
          Cookie: `${tokenCookieName(port)}=${token}`,
          'Content-Type': 'application/json'
        }
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body, reused: req.reusedSocket })
        })
      }
    )
    req.on('error', reject)
    req.end('{}')
  })
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

describe('a host that stalls', () => {
  it('for 8 s loses no call sent on a kept-alive connection meanwhile', async () => {
    expect((await rpc('app:getInfo')).status).toBe(200)
    host.child.kill('SIGSTOP')
    try {
      // Longer than Node's default keep-alive (5 s) with the connection idle, then a call on it.
      await sleep(7_000)
      const during = rpc('views:list')
      await sleep(1_000)
      host.child.kill('SIGCONT')
      const answer = await during
      expect(answer).toMatchObject({ status: 200, reused: true })
      expect(JSON.parse(answer.body)).toEqual({ ok: true, value: { channel: 'views:list' } })
    } finally {
      host.child.kill('SIGCONT')
    }
  })
})
