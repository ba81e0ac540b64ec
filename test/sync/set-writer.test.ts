import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import {
  harnessEachTest,
  holdUntil,
  mainChanges,
  setCount,
  syncWhileSampling
} from './sync-pull-harness'

/**
 * Issue #25: a catalogue load's pages are written from a connection of their own in a worker
 * (sync/pull/set-writer.ts), not in slices on the main thread, so the load goes on while the
 * main thread is busy answering, and the main connection writes none of the sets.
 */
const SETS = Number(process.env['STUDBOOK_PROPERTY_SIZE'] ?? 2000)

const harness = harnessEachTest()

describe('the set writer of a catalogue load', () => {
  it('stores sets while the main thread is held, none through the main connection', async () => {
    const x = await harness(SETS)
    const before = mainChanges(x)
    let holds = 0
    let grewWhileHeld = 0
    const at: { end: number | null } = { end: null }
    await syncWhileSampling(
      x,
      (other) => {
        const n = setCount(other)
        if (n >= SETS) {
          at.end ??= mainChanges(x)
          return false
        }
        if (n > 0 && holds < 10) {
          holds++
          // Nothing on this thread can write while it is held: only another thread's commit shows.
          if (holdUntil(() => setCount(other) !== n, 2000)) grewWhileHeld++
        }
      },
      { everyMs: 5 }
    )
    expect(holds).toBeGreaterThan(0)
    expect(grewWhileHeld).toBeGreaterThan(0)
    // Rows the main connection changed by the time every set was in: themes, subthemes, years,
    // sync state and allowance counts; not the sets (nor their search index).
    expect(at.end).not.toBeNull()
    expect(setCount(x.store.read)).toBe(SETS)
    const themes = x.store.read
      .prepare(
        `SELECT (SELECT count(*) FROM themes) + (SELECT count(*) FROM subthemes)
           + (SELECT count(*) FROM years)`
      )
      .pluck()
      .get() as number
    expect((at.end ?? 0) - before).toBeLessThan(themes + 200)
  })

  it('a first load finds each page by its words once the page is stored', async () => {
    const x = await harness(SETS)
    // One statement, one snapshot: the sets and what the search index holds of them.
    const counts = (other: Database.Database) =>
      other
        .prepare(
          'SELECT (SELECT count(*) FROM sets) AS sets, (SELECT count(*) FROM sets_fts_docsize) AS indexed'
        )
        .get() as { sets: number; indexed: number }
    const midway: { sets: number; indexed: number }[] = []
    await syncWhileSampling(x, (other) => {
      const c = counts(other)
      if (c.sets > 0 && c.sets < SETS) midway.push(c)
    })
    expect(midway.length).toBeGreaterThan(0)
    expect(midway.filter((c) => c.indexed !== c.sets)).toEqual([])
  })

  it('builds the lookup indexes after the last page, the same as a new database has', async () => {
    const x = await harness(SETS)
    const schema = (db: Database.Database) =>
      db
        .prepare(
          `SELECT name || ': ' || coalesce(sql, '') FROM sqlite_schema
           WHERE type = 'index' AND tbl_name = 'sets' ORDER BY name`
        )
        .pluck()
        .all()
        .map((d) => String(d).replace(/\s+/g, ' '))
    const before = schema(x.store.read)
    let fewestMidway = Infinity
    await syncWhileSampling(x, (other) => {
      const n = setCount(other)
      if (n > 0 && n < SETS) fewestMidway = Math.min(fewestMidway, schema(other).length)
    })
    expect(fewestMidway).toBeLessThan(before.length)
    expect(schema(x.store.read)).toEqual(before)
  })

  it('a sync cancelled during the pages stops the writer, leaves what it stored findable, and resumes', async () => {
    const x = await harness(SETS)
    const other = new Database(x.store.path, { readonly: true })
    const count = () => setCount(other)
    let cancelledAt: number | null = null
    let on = true
    const tick = () => {
      if (!on) return
      const n = count()
      if (n > 0 && n < SETS && cancelledAt === null) {
        cancelledAt = n
        x.sync.cancel()
        return
      }
      setTimeout(tick, 2)
    }
    setTimeout(tick, 2)
    try {
      await x.sync.run()
    } finally {
      on = false
    }
    expect(cancelledAt).not.toBeNull()
    const stored = count()
    other.close()
    expect(stored).toBeLessThan(SETS)
    const db = x.store.read
    // The end of the load ran all the same: the index whole, its triggers back, the indexes built.
    const triggers = db
      .prepare(
        `SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'sets_fts_%'`
      )
      .pluck()
      .get() as number
    expect(triggers).toBe(3)
    db.exec(`INSERT INTO sets_fts (sets_fts, rank) VALUES ('integrity-check', 1)`)
    expect(db.prepare('SELECT count(*) FROM sets_fts_docsize').pluck().get()).toBe(stored)
    expect(
      db
        .prepare(
          `SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'sets_by_name'`
        )
        .pluck()
        .get()
    ).toBe(1)
    const again = await x.sync.run()
    expect(again.error).toBeNull()
    expect(db.prepare('SELECT count(*) FROM sets').pluck().get()).toBe(SETS)
  })
})
