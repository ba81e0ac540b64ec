import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { buildSync } from 'esbuild'
import { openStore } from '../../src/main/store/connection'
import { setSetting, upsertProfile } from '../../src/main/account/profiles-repo'
import { insertSets } from '../collection/harness'

/**
 * The kill -9 loop: a child makes acknowledged edits and is killed at a random moment; then
 * integrity_check must be ok and every acknowledged edit must be in the local state and the outbox.
 */

export interface KillLoopResult {
  readonly iterations: number
  readonly acked: number
  readonly failures: readonly string[]
  readonly ms: number
}

const SETS = 100

function bundleChild(dir: string): string {
  const out = join(dir, 'edit-child.cjs')
  // One bundled file: the child starts in milliseconds instead of transpiling on every spawn.
  buildSync({
    entryPoints: [join(import.meta.dirname, 'edit-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    outfile: out,
    external: ['better-sqlite3', 'keytar'],
    logLevel: 'error'
  })
  return out
}

function runChild(
  child: string,
  db: string,
  first: number,
  killAfterMs: number
): Promise<Map<number, number>> {
  return new Promise((resolve, reject) => {
    const acks = new Map<number, number>()
    const p = spawn(process.execPath, [child, db, String(first), String(SETS)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The bundle lives in a temp dir; its native dependency resolves from the project.
      env: { ...process.env, NODE_PATH: join(import.meta.dirname, '../../node_modules') }
    })
    let buffer = ''
    let timer: NodeJS.Timeout | null = null
    let stderr = ''
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    p.stdout.on('data', (d: Buffer) => {
      buffer += d.toString()
      let nl: number
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        const m = /^ACK (\d+) (\d+)$/.exec(line)
        if (m) acks.set(Number(m[1]), Number(m[2]))
        if (line === 'READY' && timer === null)
          timer = setTimeout(() => p.kill('SIGKILL'), killAfterMs)
      }
    })
    p.on('error', reject)
    p.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer)
      if (signal === 'SIGKILL') resolve(acks)
      else
        reject(
          new Error(`child ended with ${String(code)} ${String(signal)}: ${stderr.slice(0, 500)}`)
        )
    })
  })
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
}): Promise<KillLoopResult> {
  const started = Date.now()
  const dir = mkdtempSync(join(tmpdir(), 'studbook-kill-'))
  const path = join(dir, 'studbook.db')
  try {
    const child = bundleChild(dir)
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
    insertSets(
      store,
      profile.id,
      Array.from({ length: SETS }, (_, i) => i + 1)
    )
    store.close()
    let seed = options.seed ?? Date.now()
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    const failures: string[] = []
    let acked = 0
    for (let it = 0; it < options.iterations; it++) {
      const acks = await runChild(
        child,
        path,
        it * 1_000_000,
        Math.floor(random() * (options.maxKillMs ?? 120))
      )
      acked += acks.size
      failures.push(...verify(path, acks, it))
    }
    return { iterations: options.iterations, acked, failures, ms: Date.now() - started }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
