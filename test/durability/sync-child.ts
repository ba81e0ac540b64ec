/**
 * The kill -9 target of the extended loop (issue #26): the real edit path and the real pusher
 * against a service on loopback, edits and push rounds in turn, until it is killed. Each edit is
 * printed as `EDIT <seq> <effects JSON>` before it is made and `ACK <seq>` once it returned
 * (`REFUSED <seq>` when the edit path refused it). Effects name what the edit leaves in the local
 * state: `n:<set>` notes, `r:<set>` rating, `q:<set>` quantity, `c:<tag>` a copy's price (null:
 * deleted); a copy is known by its tag, held in its notes.
 * Args: <db path> <service url> <profile id> <seed> <first seq>; the sets come from the database
 * (setting durability_sets), the key and the sign-in from STUDBOOK_TEST_KEY and STUDBOOK_TEST_HASH.
 * STUDBOOK_KILL_REQUEST=k kills the child itself at its k-th request to the service:
 * STUDBOOK_KILL_AT=send as it is about to leave, `answer` once the service answered it.
 * STUDBOOK_RESTORE_AT=k backs the collection up first (`BACKUP`), and after k edits restores that
 * backup through the app's own restore (preview, then apply: `RESTORE`, `APPLY`, `RESTORED`).
 */
import { readFileSync, writeSync } from 'node:fs'
import { AppError } from '../../src/shared/errors'
import { createCollectionHandlers } from '../../src/main/collection/collection-handlers'
import { createBackupHandlers } from '../../src/main/exchange/backup-handlers'
import { createServiceClient } from '../../src/main/service/index'
import { signedInPusher } from './signed-in-pusher'
import { openStore } from '../../src/main/store/connection'
import { getSetting } from '../../src/main/store/settings-repo'
import { COPY } from '../collection/copy-helpers'

type Effects = Record<string, string | number | null>

const say = (line: string): void => {
  writeSync(1, `${line}\n`)
}

/** Kills this process at the chosen request: each request knows its own number. */
function killer(): (op: string) => (now: 'send' | 'answer') => void {
  const at = Number(process.env['STUDBOOK_KILL_REQUEST'] ?? 0)
  const phase = process.env['STUDBOOK_KILL_AT'] === 'send' ? 'send' : 'answer'
  let n = 0
  return (op) => {
    const mine = ++n
    return (now) => {
      if (at > 0 && mine === at && now === phase) {
        say(`KILLED ${phase} ${mine} ${op}`)
        process.kill(process.pid, 'SIGKILL')
      }
    }
  }
}

async function main(): Promise<void> {
  const [path = '', url = '', profile = '0', seedArg = '1', first = '0'] = process.argv.slice(2)
  const store = await openStore(path)
  const profileId = Number(profile)
  const ids = JSON.parse(getSetting(store.read, 'durability_sets') ?? '[]') as number[]
  const secrets = {
    apiKey: process.env['STUDBOOK_TEST_KEY'] ?? '',
    userHash: process.env['STUDBOOK_TEST_HASH'] ?? ''
  }
  const kill = killer()
  const client = createServiceClient({
    profile: { baseUrl: url },
    secrets: () => secrets,
    fetch: async (req) => {
      const named = `${req.url} ${req.headers.get('soapaction') ?? ''} ${await req.clone().text()}`
      const at = kill(
        /[A-Za-z_]*(Collection|Rating|Sets?\b|Minifig|Flag|login|WSDL)[A-Za-z_]*/i.exec(
          named
        )?.[0] ?? 'other'
      )
      at('send')
      const res = await fetch(req)
      await res.clone().arrayBuffer()
      at('answer')
      return res
    }
  })
  const pusher = signedInPusher(store, profileId, client)
  const handlers = createCollectionHandlers({
    store,
    profileId: () => profileId,
    now: () => new Date(),
    changed: () => undefined
  })
  const restore = await restorer({
    store,
    profileId: () => profileId,
    now: () => new Date(),
    changed: () => undefined,
    files: null
  })
  let seed = Number(seedArg) || 1
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(random() * xs.length)]
  const copiesOf = store.read.prepare(
    'SELECT local_id AS localId, notes, collection_id AS id FROM copies WHERE set_id = ? AND deleted = 0'
  )
  const qtyOf = store.read.prepare('SELECT qty_owned AS q FROM set_state WHERE set_id = ?')
  say('READY')
  for (let seq = Number(first); ; seq++) {
    if (seq - Number(first) === restore.at) await restore.run()
    const setID = pick(ids) ?? 0
    const copies = copiesOf.all(setID) as { localId: string; notes: string; id: number | null }[]
    const qty = (qtyOf.get(setID) as { q: number } | undefined)?.q ?? 0
    const copy = pick(copies)
    const r = random()
    let effects: Effects
    let edit: () => unknown
    if (r < 0.2) {
      effects = { [`n:${setID}`]: `n${seq}` }
      edit = () => handlers['collection:updateSet']({ setID, patch: { notes: `n${seq}` } })
    } else if (r < 0.3) {
      const rating = (seq % 5) + 1
      effects = { [`r:${setID}`]: rating }
      edit = () => handlers['collection:updateSet']({ setID, patch: { rating } })
    } else if (r < 0.45) {
      // Never below the copies with details (the edit path would refuse it).
      const q = copies.length + Math.floor(random() * 3)
      effects = { [`q:${setID}`]: q }
      edit = () => handlers['collection:updateSet']({ setID, patch: { qtyOwned: q } })
    } else if (r < 0.75 || !copy) {
      const tag = `c${seq}`
      effects = { [`c:${tag}`]: seq, [`q:${setID}`]: qty + 1 }
      edit = () =>
        handlers['collection:saveCopy']({ setID, copy: { ...COPY, notes: tag, pricePaid: seq } })
    } else if (r < 0.9) {
      effects = { [`c:${copy.notes}`]: seq }
      edit = () =>
        handlers['collection:saveCopy']({
          setID,
          localId: copy.localId,
          copy: { ...COPY, notes: copy.notes, pricePaid: seq }
        })
    } else {
      // A copy the service never gave an id takes back the unit its adding raised.
      effects = { [`c:${copy.notes}`]: null }
      if (copy.id === null) effects[`q:${setID}`] = Math.max(0, qty - 1)
      edit = () => handlers['collection:deleteCopy']({ setID, localId: copy.localId })
    }
    say(`EDIT ${seq} ${JSON.stringify(effects)}`)
    try {
      await edit()
      say(`ACK ${seq}`)
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== 'invalid_input') throw e
      say(`REFUSED ${seq}`)
    }
    if (random() < 0.35) await pusher.push()
  }
}

/**
 * The restore of STUDBOOK_RESTORE_AT: a backup taken now, restored through the app's public
 * entry (preview, apply) once that many edits were made.
 */
async function restorer(
  deps: Parameters<typeof createBackupHandlers>[0]
): Promise<{ at: number; run(): Promise<void> }> {
  const at = Number(process.env['STUDBOOK_RESTORE_AT'] ?? -1)
  if (at < 0) return { at, run: () => Promise.resolve() }
  const x = createBackupHandlers(deps)
  const { path } = await x['exchange:backup']({ saveWithDialog: false })
  if (path === null) throw new Error('no backup was written')
  say('BACKUP')
  return {
    at,
    async run() {
      say('RESTORE')
      const data = [readFileSync(path)]
      const preview = await x['exchange:previewRestore']({ data, name: 'loop.studbook' })
      if (preview === null) throw new Error('the restore preview came back empty')
      say('APPLY')
      await x['exchange:applyRestore']({ restoreId: preview.restoreId })
      say('RESTORED')
    }
  }
}

void main()
