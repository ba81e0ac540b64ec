/**
 * The kill -9 target for a push: drains the outbox against a service on loopback and kills itself
 * (SIGKILL, as a crash or a power cut would) at a chosen write. Args: <db path> <service url>
 * <profile id>; the key and the sign-in come in STUDBOOK_TEST_KEY and STUDBOOK_TEST_HASH.
 * STUDBOOK_KILL_AT picks the moment: `answer` (default) the moment the service's answer to a write
 * arrives, before the pusher can record it locally; `send` as the write is about to leave, after
 * the pusher committed what it sends and before the service saw it. STUDBOOK_KILL_WRITE picks
 * which write of the round (1, the first, by default).
 */
import { writeSync } from 'node:fs'
import { createServiceClient } from '../../src/main/service/index'
import { signedInPusher } from './signed-in-pusher'
import { openStore } from '../../src/main/store/connection'

const WRITES = /set(Collection|UserRating|MinifigCollection|UserFlagLabels)/

async function main(): Promise<void> {
  const [path = '', url = '', profile = '0'] = process.argv.slice(2)
  const killAt = process.env['STUDBOOK_KILL_AT'] === 'send' ? 'send' : 'answer'
  const killWrite = Number(process.env['STUDBOOK_KILL_WRITE'] ?? 1)
  const store = await openStore(path)
  const secrets = {
    apiKey: process.env['STUDBOOK_TEST_KEY'] ?? '',
    userHash: process.env['STUDBOOK_TEST_HASH'] ?? ''
  }
  let writes = 0
  const client = createServiceClient({
    profile: { baseUrl: url },
    secrets: () => secrets,
    fetch: async (req) => {
      const what = `${req.url} ${req.headers.get('soapaction') ?? ''}`
      const isWrite = WRITES.test(what)
      const killHere = isWrite && ++writes === killWrite
      if (killHere && killAt === 'send') {
        // The pusher has committed what it sends; the service never sees it.
        writeSync(1, 'SENDING\n')
        process.kill(process.pid, 'SIGKILL')
      }
      const res = await fetch(req)
      if (killHere) {
        // The service has applied and answered the write; the local commit has not happened.
        await res.clone().arrayBuffer()
        writeSync(1, `CONFIRMED ${res.status}\n`)
        process.kill(process.pid, 'SIGKILL')
      }
      return res
    }
  })
  const pusher = signedInPusher(store, Number(profile), client)
  const report = await pusher.push()
  writeSync(1, `DONE ${JSON.stringify(report)}\n`)
}

void main()
