import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { upsertProfile } from '../../src/main/account/profiles-repo'
import { openStore } from '../../src/main/store/connection'
import { insertSets } from '../collection/harness'
import { LONG_LIMIT_MS } from '../limits'
import { bundleChild, runChild } from './child-process'

/**
 * kill -9 at any moment of a 3,000-set bulk edit leaves the whole edit or none of it: every set's
 * note, its outbox row and the one journal entry together, or nothing of them. The kills are
 * spread over the edit's own span (measured by one run left to finish), so some land while the
 * worker holds its transaction. An acknowledged edit is always there whole.
 */
const SETS = 3_000
const KILLS = 6
const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

async function fresh(): Promise<{ path: string; profileId: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'studbook-bulk-kill-'))
  dirs.push(dir)
  const path = join(dir, 'studbook.db')
  const store = await openStore(path)
  const profile = upsertProfile(
    store.write,
    { kind: 'custom', label: 'test', baseUrl: 'http://127.0.0.1:1', binding: 'auto', paths: {} },
    '2026-01-01T00:00:00.000Z'
  )
  insertSets(
    store,
    profile.id,
    Array.from({ length: SETS }, (_, i) => i + 1)
  )
  store.close()
  return { path, profileId: profile.id }
}

interface Run {
  readonly acked: boolean
  /** ms from BEGIN to ACK, or to the kill. */
  readonly span: number
}

/** The child, bundled once for the file: it starts without transpiling on every run. */
let bundle: Promise<string> | undefined
function childBundle(): Promise<string> {
  if (bundle === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'studbook-bulk-kill-child-'))
    dirs.push(dir)
    bundle = bundleChild(dir, 'bulk-kill-child.ts')
  }
  return bundle
}

/** Runs the child; kills it `killAfter` ms after BEGIN (null: lets it finish). */
async function runBulkChild(
  path: string,
  profileId: number,
  killAfter: number | null
): Promise<Run> {
  let begun = 0
  let acked = false
  const run = await runChild(await childBundle(), [path, String(profileId)], (line, kill) => {
    if (begun === 0 && line === 'BEGIN') {
      begun = performance.now()
      if (killAfter !== null) setTimeout(kill, killAfter)
    }
    if (line.startsWith('ACK ')) acked = true
  })
  if (run.signal === null && run.code !== 0) {
    throw new Error(`child ended ${String(run.code)}: ${run.stderr.slice(0, 500)}`)
  }
  return { acked, span: performance.now() - begun }
}

function state(path: string): {
  integrity: string
  notes: number
  outbox: number
  journal: number
} {
  const db = new Database(path)
  try {
    const n = (q: string) => (db.prepare(q).get() as { n: number }).n
    return {
      integrity: String(db.pragma('integrity_check', { simple: true })),
      notes: n("SELECT count(*) AS n FROM set_state WHERE notes = 'bulk'"),
      outbox: n('SELECT count(*) AS n FROM outbox'),
      journal: n('SELECT count(*) AS n FROM journal')
    }
  } finally {
    db.close()
  }
}

describe('kill -9 during a bulk edit written off the main thread', () => {
  it(
    'leaves the whole edit or none of it, and an acknowledged edit whole',
    async () => {
      const whole = { integrity: 'ok', notes: SETS, outbox: SETS, journal: 1 }
      const none = { integrity: 'ok', notes: 0, outbox: 0, journal: 0 }
      const first = await fresh()
      const full = await runBulkChild(first.path, first.profileId, null)
      expect(full.acked).toBe(true)
      expect(state(first.path)).toEqual(whole)

      const seen = { whole: 0, none: 0 }
      for (let i = 0; i < KILLS; i++) {
        const db = await fresh()
        // From just after BEGIN to just past the measured end.
        const at = Math.round((full.span * 1.1 * (i + 0.5)) / KILLS)
        const run = await runBulkChild(db.path, db.profileId, at)
        const s = state(db.path)
        if (run.acked) expect(s).toEqual(whole)
        else expect([whole, none]).toContainEqual(s)
        if (s.journal === 1) seen.whole++
        else seen.none++
      }
      // The kills reached both sides of the commit, or the test showed nothing.
      expect(seen.none).toBeGreaterThan(0)
    },
    LONG_LIMIT_MS
  )
})
