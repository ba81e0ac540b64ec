import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { signedInDemoClient } from '../emulator/demo-client'
import type { ServiceClient } from '../../src/main/service/index'
import { signedInPusher } from './signed-in-pusher'
import { openStore } from '../../src/main/store/connection'
import { upsertProfile } from '../../src/main/account/profiles-repo'
import { setSetting } from '../../src/main/store/settings-repo'
import { insertSets } from '../collection/harness'
import { bundleChild, runChild as runBundle } from './child-process'

/**
 * The kill -9 loop: a child makes acknowledged edits and is killed at a random moment; then
 * integrity_check must be ok and every acknowledged edit must be in the local state and the outbox.
 * With `push`, the outbox is then sent to the reference service, and every acknowledged edit must
 * be what the service holds.
 */

export interface KillLoopResult {
  readonly iterations: number
  readonly acked: number
  readonly failures: readonly string[]
  /** Sets whose edits were pushed and compared with the service (0 without `push`). */
  readonly pushedSets: number
  readonly ms: number
}

const SETS = 100

async function runChild(
  child: string,
  db: string,
  first: number,
  killAfterMs: number
): Promise<Map<number, number>> {
  const acks = new Map<number, number>()
  const timer: { id: NodeJS.Timeout | null } = { id: null }
  const run = await runBundle(child, [db, String(first), String(SETS)], (line, kill) => {
    const m = /^ACK (\d+) (\d+)$/.exec(line)
    if (m) acks.set(Number(m[1]), Number(m[2]))
    if (line === 'READY' && timer.id === null) timer.id = setTimeout(kill, killAfterMs)
  })
  if (timer.id) clearTimeout(timer.id)
  if (run.signal !== 'SIGKILL') {
    throw new Error(
      `child ended with ${String(run.code)} ${String(run.signal)}: ${run.stderr.slice(0, 500)}`
    )
  }
  return acks
}

/** SETS of the service's sets the demo account holds nothing of: a fresh local base matches. */
async function freshSetIDs(client: ServiceClient, svc: ReferenceService): Promise<number[]> {
  const sets = await client.v2.getSets({ pageSize: 400, pageNumber: 1 })
  const ids = sets
    .map((s) => s.setID)
    .filter((id) => {
      const v = svc.admin.getCollectionValue(svc.demo.username, id)
      return !v.owned && !v.wanted && v.qtyOwned === 0 && v.notes === ''
    })
  if (ids.length < SETS) throw new Error(`only ${ids.length} fresh sets on the service`)
  return ids.slice(0, SETS)
}

/**
 * Sends the outbox left by the kills, then compares: each acknowledged set's notes and quantity
 * on the service must be what the local state holds (an acknowledged edit or a later one).
 */
async function pushAndCompare(
  path: string,
  profileId: number,
  client: ServiceClient,
  svc: ReferenceService,
  acked: ReadonlySet<number>
): Promise<string[]> {
  const store = await openStore(path)
  const problems: string[] = []
  try {
    const pusher = signedInPusher(store, profileId, client)
    const pending = () =>
      (
        store.read.prepare("SELECT count(*) AS n FROM outbox WHERE state = 'pending'").get() as {
          n: number
        }
      ).n
    for (let round = 0; round < 10 && pending() > 0; round++) await pusher.push()
    const left = store.read.prepare('SELECT target, field, state, reason FROM outbox').all() as {
      target: string
      field: string
      state: string
      reason: string | null
    }[]
    for (const r of left)
      problems.push(`push: ${r.target} ${r.field} left ${r.state} (${r.reason ?? ''})`)
    const state = store.read.prepare('SELECT notes, qty_owned FROM set_state WHERE set_id = ?')
    for (const setID of acked) {
      const local = state.get(setID) as { notes: string; qty_owned: number } | undefined
      const remote = svc.admin.getCollectionValue(svc.demo.username, setID)
      if (!local || remote.notes !== local.notes || remote.qtyOwned !== local.qty_owned) {
        problems.push(
          `push: set ${setID} is ${remote.notes}/${remote.qtyOwned} on the service, ` +
            `${local?.notes ?? 'none'}/${String(local?.qty_owned)} here`
        )
      }
    }
  } finally {
    store.close()
  }
  return problems
}

function verify(path: string, acks: Map<number, number>, it: number): string[] {
  const db = new Database(path)
  const problems: string[] = []
  try {
    const integrity = db.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') problems.push(`#${it}: integrity_check ${String(integrity)}`)
    const state = db.prepare('SELECT notes, qty_owned FROM set_state WHERE set_id = ?')
    const row = db.prepare(
      "SELECT desired FROM outbox WHERE target = ? AND field = ? AND state = 'pending'"
    )
    for (const [seq, setID] of acks) {
      const s = state.get(setID) as { notes: string; qty_owned: number } | undefined
      const seen = Number((s?.notes ?? '').slice(1))
      // A later edit of the same set may have committed before the kill without its ACK printed.
      if (!s || !(seen >= seq) || (seen - seq) % SETS !== 0) {
        problems.push(
          `#${it}: ack ${seq} (set ${setID}) missing from state (notes ${s?.notes ?? 'none'})`
        )
        continue
      }
      if (s.qty_owned !== (seen % 900) + 1) problems.push(`#${it}: torn edit on set ${setID}`)
      const notes = row.get(`set:${setID}`, 'notes') as { desired: string } | undefined
      const qty = row.get(`set:${setID}`, 'qtyOwned') as { desired: string } | undefined
      if (notes?.desired !== JSON.stringify(s.notes) || qty?.desired !== String(s.qty_owned)) {
        problems.push(`#${it}: ack ${seq} (set ${setID}) not in the outbox`)
      }
    }
  } finally {
    db.close()
  }
  return problems
}

export async function runKillLoop(options: {
  iterations: number
  maxKillMs?: number
  seed?: number
  /** Push the outbox to the reference service afterwards and compare (issue #13). */
  push?: boolean
}): Promise<KillLoopResult> {
  const started = Date.now()
  const dir = mkdtempSync(join(tmpdir(), 'studbook-kill-'))
  const path = join(dir, 'studbook.db')
  const svc = createReferenceService({ sets: 400, seed: 5 })
  try {
    const client = await signedInDemoClient(svc)
    const ids = await freshSetIDs(client, svc)
    const child = await bundleChild(dir, 'edit-child.ts')
    const store = await openStore(path)
    const profile = upsertProfile(
      store.write,
      {
        kind: 'custom',
        label: 'durability',
        baseUrl: 'http://127.0.0.1:9',
        binding: 'auto',
        paths: {}
      },
      new Date().toISOString()
    )
    setSetting(store.write, 'durability_profile', String(profile.id))
    setSetting(store.write, 'durability_sets', JSON.stringify(ids))
    insertSets(store, profile.id, ids)
    store.close()
    let seed = options.seed ?? Date.now()
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    const failures: string[] = []
    const ackedSets = new Set<number>()
    let acked = 0
    for (let it = 0; it < options.iterations; it++) {
      // Each child starts at another set: under load a child may be killed after a few edits,
      // and starting every one at the first set left the push with the same few sets to send.
      const acks = await runChild(
        child,
        path,
        it * 1_000_000 + ((it * 37) % SETS),
        Math.floor(random() * (options.maxKillMs ?? 120))
      )
      acked += acks.size
      for (const setID of acks.values()) ackedSets.add(setID)
      failures.push(...verify(path, acks, it))
    }
    if (options.push) {
      failures.push(...(await pushAndCompare(path, profile.id, client, svc, ackedSets)))
    }
    return {
      iterations: options.iterations,
      acked,
      failures,
      pushedSets: options.push ? ackedSets.size : 0,
      ms: Date.now() - started
    }
  } finally {
    svc.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
