import Database from 'better-sqlite3'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleChild, runChild } from './child-process'

let dir: string
let child: string
let setup: string
const SETS = 2000

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'studbook-restore-kill-'))
  child = await bundleChild(dir, 'restore-child.ts')
  setup = join(dir, 'setup.db')
  const r = await runChild(child, [setup, 'setup'])
  if (!r.lines.includes('DONE')) throw new Error(`setup failed: ${r.stderr}`)
  // One file, no WAL beside it: each round copies it whole.
  const db = new Database(setup)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
})

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** Which collection the file holds: 'A', 'B', or a description of the mix. */
function whichCollection(path: string): string {
  const db = new Database(path)
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    const states = db
      .prepare(
        `SELECT notes, qty_owned, rating, count(*) AS n FROM set_state GROUP BY 1, 2, 3 ORDER BY 1`
      )
      .all() as { notes: string; qty_owned: number; rating: number; n: number }[]
    const views = (db.prepare(`SELECT count(*) AS n FROM saved_views`).get() as { n: number }).n
    const journal = (db.prepare(`SELECT count(*) AS n FROM journal`).get() as { n: number }).n
    const outbox = (db.prepare(`SELECT count(*) AS n FROM outbox`).get() as { n: number }).n
    const a = JSON.stringify([{ notes: 'A', qty_owned: 1, rating: 0, n: SETS }])
    const b = JSON.stringify([{ notes: 'B', qty_owned: 2, rating: 3, n: SETS }])
    const shape = JSON.stringify(states)
    if (shape === a && views === 0 && journal === 1 && outbox === 0) return 'A'
    // B: each set's quantity, note and rating go to the service; one journal entry more.
    if (shape === b && views === 1 && journal === 2 && outbox === 3 * SETS) return 'B'
    return `mix: ${shape} views ${views} journal ${journal} outbox ${outbox}`
  } finally {
    db.close()
  }
}

describe('kill -9 during a restore’s apply step', () => {
  it('leaves the old collection or the new one, never a mix', async () => {
    // One round to its end: it must give B, and says how long the step takes here and now.
    const full = join(dir, 'full.db')
    copyFileSync(setup, full)
    let readyAt = 0
    let took = 0
    await runChild(child, [full, 'restore'], (line) => {
      if (line === 'READY') readyAt = performance.now()
      if (line === 'DONE') took = performance.now() - readyAt
    })
    expect(whichCollection(full)).toBe('B')
    const seen: string[] = []
    let killedBeforeDone = 0
    const rounds = 12
    for (let round = 0; round < rounds; round++) {
      const path = join(dir, `round-${round}.db`)
      copyFileSync(setup, path)
      // Kills spread over the step's length, from at once to just past its end.
      const delay = (took * round) / (rounds - 2)
      const r = await runChild(child, [path, 'restore'], (line, kill) => {
        if (line === 'READY') setTimeout(kill, delay)
      })
      if (!r.lines.includes('DONE')) killedBeforeDone++
      seen.push(whichCollection(path))
    }
    expect(seen.filter((s) => s !== 'A' && s !== 'B')).toEqual([])
    console.log(`restore step ${took.toFixed(0)} ms; rounds ended ${seen.join(' ')}`)
    // The kills landed inside the step at least once (else the test shows nothing).
    expect(killedBeforeDone).toBeGreaterThan(0)
  })
})
