import { appendFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { createReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import { setSetting } from '../../src/main/store/settings-repo'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'
import { bundleChild, runChild } from './child-process'

/**
 * The extended kill -9 loop (issue #26 item 3): a child edits (notes, rating, quantity, new,
 * edited and deleted copies) and pushes in turn to a service on loopback, and is killed at a
 * random moment: after a random time, or at a random request to the service, as it leaves or
 * once it was answered (mid-push of copies included). After each kill every acknowledged edit
 * must be in the local state, whole. At the end the app starts again and drains the outbox: no
 * row may be left (nobody else changes the service, so any conflict is a false one), and the
 * service must hold exactly the local state: no edit lost, no copy twice.
 * Some iterations (issue #26, "mid-restore") back the collection up as they start and restore that
 * backup through the app's own restore after a few edits, killed at a random moment from the
 * apply on: the collection is then the one before the restore or the backup's, never a mix.
 */

type Value = string | number | null
export type Model = Map<string, Value>

export interface SyncKillResult {
  readonly kills: number
  readonly acked: number
  /** Kills that landed inside a request to the service (as it left, or after its answer). */
  readonly midRequest: number
  /** Of those, kills inside a read or write of a copy's details. */
  readonly midCopy: number
  /** Iterations that restored a backup, and of those the ones killed before the restore ended. */
  readonly restores: number
  readonly midRestore: number
  /** Of those killed inside, how many left the backup's collection (the rest: the one before). */
  readonly midRestoreNew: number
  readonly failures: readonly string[]
  readonly rounds: number
}

const SETS = 6

/** The local state under the model's keys (see sync-child.ts). */
function localState(path: string, sets: readonly number[]): { state: Model; integrity: string } {
  const db = new Database(path, { readonly: true })
  try {
    const integrity = String(db.pragma('integrity_check', { simple: true }))
    const state: Model = new Map()
    const row = db.prepare('SELECT notes, rating, qty_owned FROM set_state WHERE set_id = ?')
    for (const id of sets) {
      const s = row.get(id) as { notes: string; rating: number; qty_owned: number } | undefined
      state.set(`n:${id}`, s?.notes ?? '')
      state.set(`r:${id}`, s?.rating ?? 0)
      state.set(`q:${id}`, s?.qty_owned ?? 0)
    }
    const copies = db.prepare('SELECT notes, price_paid FROM copies WHERE deleted = 0').all() as {
      notes: string
      price_paid: number
    }[]
    for (const c of copies) state.set(`c:${c.notes}`, c.price_paid)
    return { state, integrity }
  } finally {
    db.close()
  }
}

const valueOf = (state: Model, key: string): Value =>
  state.has(key) ? (state.get(key) ?? null) : key.startsWith('c:') ? null : initial(key)
const initial = (key: string): Value => (key.startsWith('n:') ? '' : 0)

/** Whether the state holds the model (plus `extra`'s effects) under every key either names. */
function holds(state: Model, model: Model, extra: Model = new Map()): boolean {
  const keys = new Set([...model.keys(), ...extra.keys(), ...state.keys()])
  for (const k of keys) {
    const want = extra.has(k) ? (extra.get(k) ?? null) : valueOf(model, k)
    if (valueOf(state, k) !== want) return false
  }
  return true
}

interface Lines {
  readonly acked: Model[]
  /** The edit printed last without its answer: it may or may not have committed. */
  readonly open: Model | null
  readonly ackCount: number
  readonly killedInRequest: boolean
  readonly killedInCopy: boolean
  /** How far a restore got: not begun, begun and not ended, or ended. */
  readonly restore: 'none' | 'begun' | 'ended'
  /** Of `acked`, how many were made before the restore ended (they are undone by it). */
  readonly ackedBeforeRestore: number
}

function readLines(lines: readonly string[]): Lines {
  const edits = new Map<number, Model>()
  const acked: Model[] = []
  let open: Model | null = null
  let ackCount = 0
  let killedInRequest = false
  let killedInCopy = false
  let restore: Lines['restore'] = 'none'
  let ackedBeforeRestore = 0
  for (const line of lines) {
    if (line === 'RESTORE') restore = 'begun'
    if (line === 'RESTORED') {
      restore = 'ended'
      ackedBeforeRestore = acked.length
    }
    const edit = /^EDIT (\d+) (.*)$/.exec(line)
    if (edit) {
      const effects = JSON.parse(edit[2] ?? '{}') as Record<string, Value>
      const m: Model = new Map(Object.entries(effects))
      edits.set(Number(edit[1]), m)
      open = m
      continue
    }
    const ack = /^(ACK|REFUSED) (\d+)$/.exec(line)
    if (ack) {
      const m = edits.get(Number(ack[2]))
      if (ack[1] === 'ACK' && m) {
        acked.push(m)
        ackCount++
      }
      open = null
    }
    if (line.startsWith('KILLED ')) {
      killedInRequest = true
      killedInCopy = /CollectionDetail/.test(line)
    }
  }
  return { acked, open, ackCount, killedInRequest, killedInCopy, restore, ackedBeforeRestore }
}

/** The service's state under the model's keys, read through the app's own client. */
async function serviceState(
  h: PushHarness,
  sets: readonly number[]
): Promise<{
  state: Model
  twice: string[]
}> {
  const state: Model = new Map()
  const twice: string[] = []
  for (const id of sets) {
    const v = h.svc.admin.getCollectionValue(h.svc.demo.username, id)
    state.set(`n:${id}`, v.notes)
    state.set(`r:${id}`, v.rating)
    state.set(`q:${id}`, v.qtyOwned)
    for (const r of await h.client.v2.getCollectionDetail({ SetID: id })) {
      const tag = r.notes ?? ''
      if (tag === '') continue
      if (state.has(`c:${tag}`)) twice.push(tag)
      state.set(`c:${tag}`, r.pricePaid)
    }
  }
  return { state, twice }
}

export async function runSyncKillLoop(options: {
  kills: number
  seed?: number
  /** Whether some iterations restore a backup (default true). */
  restores?: boolean
  /** A file that gets every child's lines, to follow a failure. */
  log?: string
}): Promise<SyncKillResult> {
  const dir = mkdtempSync(join(tmpdir(), 'studbook-sync-kill-'))
  const svc = createReferenceService({ sets: 60, seed: 13 })
  const server = await listen(svc, { port: 0 })
  let seed = options.seed ?? Date.now() % 2147483648
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  // Restores draw from their own sequence: the kills at requests follow the seed as before.
  let restoreSeed = ((options.seed ?? seed) ^ 0x5bd1e995) % 2147483648
  const restoreRandom = (): number => {
    restoreSeed = (restoreSeed * 1103515245 + 12345) % 2147483648
    return restoreSeed / 2147483648
  }
  const failures: string[] = []
  try {
    const child = await bundleChild(dir, 'sync-child.ts')
    const data = mkdtempSync(join(dir, 'data-'))
    const path = join(data, 'studbook.db')
    const first = await pushHarness({ dir: data, svc })
    const sets = first.setIDs.slice(0, SETS)
    const reuse = { userHash: first.secrets.userHash ?? '', setIDs: first.setIDs }
    const profileId = first.profileId
    setSetting(first.store.write, 'durability_sets', JSON.stringify(sets))
    first.close()
    const env = { STUDBOOK_TEST_KEY: svc.demo.apiKey, STUDBOOK_TEST_HASH: reuse.userHash }

    let model: Model = new Map()
    let acked = 0
    let midRequest = 0
    let midCopy = 0
    let restores = 0
    let midRestore = 0
    let midRestoreNew = 0
    let applyMs: number | null = null
    let applyAt = 0
    for (let it = 0; it < options.kills; it++) {
      const restoring = options.restores !== false && restoreRandom() < 1 / 6
      // A restoring iteration is killed after its apply began: at once, inside, or after it (a
      // share of the time the first restore took to its end, unkilled, on this machine now).
      // Drawn toward the end, where the worker commits: its start takes most of the time.
      const restoreKill = Math.sqrt(restoreRandom()) * 1.3
      const restoreAt = Math.floor(restoreRandom() * 4)
      const before = restoring ? localState(path, sets).state : null
      // Half the kills land at a request to the service (as it leaves or once answered); the
      // rest after a time, now and then a long one, so the outbox grows between kills.
      const byRequest = random() < 0.5
      const extra: Record<string, string> = restoring
        ? { STUDBOOK_RESTORE_AT: String(restoreAt) }
        : byRequest
          ? {
              STUDBOOK_KILL_REQUEST: String(1 + Math.floor(random() * 60)),
              STUDBOOK_KILL_AT: random() < 0.5 ? 'send' : 'answer'
            }
          : {}
      const killAfter = byRequest ? 10_000 : Math.floor(random() * (random() < 0.2 ? 3000 : 400))
      const timer: { id: NodeJS.Timeout | null } = { id: null }
      const run = await runChild(
        child,
        [
          path,
          server.url,
          String(profileId),
          String(1 + Math.floor(random() * 1e9)),
          String(it * 10_000)
        ],
        (line, kill) => {
          if (restoring) {
            if (line === 'APPLY') applyAt = performance.now()
            if (line === 'APPLY' && applyMs !== null) {
              timer.id = setTimeout(kill, restoreKill * applyMs)
            } else if (line === 'RESTORED' && applyMs === null) {
              applyMs = performance.now() - applyAt
              timer.id = setTimeout(kill, restoreKill * 300)
            }
          } else if (line === 'READY' && timer.id === null) timer.id = setTimeout(kill, killAfter)
        },
        { ...env, ...extra }
      )
      if (timer.id !== null) clearTimeout(timer.id)
      if (options.log !== undefined) {
        const timing = restoring
          ? ` restore kill at ${restoreKill.toFixed(2)} of ${String(applyMs)} ms`
          : ''
        appendFileSync(
          options.log,
          `#${it} ${JSON.stringify(extra)}${timing}\n${run.lines.join('\n')}\n`
        )
      }
      if (run.signal !== 'SIGKILL') {
        failures.push(`#${it}: child ended ${String(run.code)}: ${run.stderr.slice(0, 400)}`)
        break
      }
      const lines = readLines(run.lines)
      acked += lines.ackCount
      if (lines.killedInRequest) midRequest++
      if (lines.killedInCopy) midCopy++
      if (lines.restore !== 'none') restores++
      if (lines.restore === 'begun') midRestore++
      // An ended restore leaves the backup's collection, with the later edits on it.
      const ended = lines.restore === 'ended' && before !== null
      const next: Model = new Map(ended ? before : model)
      const after = ended ? lines.acked.slice(lines.ackedBeforeRestore) : lines.acked
      for (const m of after) for (const [k, v] of m) next.set(k, v)
      const { state, integrity } = localState(path, sets)
      if (integrity !== 'ok') failures.push(`#${it}: integrity_check ${integrity}`)
      if (holds(state, next)) model = next
      // Killed inside the restore: the backup's collection whole is the other right answer.
      else if (lines.restore === 'begun' && before !== null && holds(state, before)) {
        model = before
        midRestoreNew++
      } else if (lines.open && holds(state, next, lines.open)) {
        model = new Map(next)
        for (const [k, v] of lines.open) model.set(k, v)
      } else {
        const diff = [...new Set([...next.keys(), ...state.keys()])]
          .filter((k) => valueOf(state, k) !== valueOf(next, k))
          .map((k) => `${k} here ${String(valueOf(state, k))}, acked ${String(valueOf(next, k))}`)
        failures.push(`#${it}: acknowledged edits not in the local state: ${diff.join('; ')}`)
        model = state
      }
    }

    const last = await pushHarness({ dir: data, svc, reuse })
    let rounds = 0
    try {
      const pending = () =>
        (
          last.store.read
            .prepare("SELECT count(*) AS n FROM outbox WHERE state = 'pending'")
            .get() as {
            n: number
          }
        ).n
      // Every pending edit drains: a round sends what it can; a new copy waits one round for the
      // quantity that makes its record.
      for (; rounds < 10 && pending() > 0; rounds++) await last.pusher.push()
      const left = last.store.read
        .prepare('SELECT target, field, state, reason FROM outbox ORDER BY id')
        .all() as { target: string; field: string; state: string; reason: string | null }[]
      for (const r of left) {
        failures.push(`left in the outbox: ${r.target} ${r.field} ${r.state} (${r.reason ?? ''})`)
      }
      const unbound = last.store.read
        .prepare('SELECT notes FROM copies WHERE deleted = 0 AND collection_id IS NULL')
        .all() as { notes: string }[]
      for (const c of unbound) failures.push(`copy ${c.notes} never reached the service`)
      const { state, integrity } = localState(path, sets)
      if (integrity !== 'ok') failures.push(`end: integrity_check ${integrity}`)
      if (!holds(state, model)) failures.push('end: the local state lost an acknowledged edit')
      const there = await serviceState(last, sets)
      for (const tag of there.twice) failures.push(`copy ${tag} is on the service twice`)
      for (const k of new Set([...state.keys(), ...there.state.keys()])) {
        if (valueOf(there.state, k) !== valueOf(state, k)) {
          failures.push(
            `${k}: ${String(valueOf(there.state, k))} on the service, ${String(valueOf(state, k))} here`
          )
        }
      }
    } finally {
      last.close()
    }
    return {
      kills: options.kills,
      acked,
      midRequest,
      midCopy,
      restores,
      midRestore,
      midRestoreNew,
      failures,
      rounds
    }
  } finally {
    await server.close()
    svc.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
