import Database from 'better-sqlite3'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { openStore } from '../../src/main/store/connection'
import { OFF_THREAD_FROM_BYTES, checkInWorker } from '../../src/main/store/start-check'
import { damageMiddlePage } from './crash-copies'
import { addPadding, PADDING_ROWS } from './padding'

/**
 * Issue #25: the data file's check at start (`PRAGMA quick_check`) reads most of the file in one
 * statement, 1.2-2.6 s at 200,000 sets, and held the main thread for all of it at every start.
 * A file past OFF_THREAD_FROM_BYTES is checked on a thread of its own, and what the check finds
 * is reported exactly as before.
 */
let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studbook-start-check-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** A data file of the app's schema, grown past the size checked off the thread. */
async function largeDataFile(): Promise<string> {
  const path = join(dir, 'studbook.db')
  ;(await openStore(path)).close()
  const db = new Database(path)
  addPadding(db)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  expect(statSync(path).size).toBeGreaterThan(OFF_THREAD_FROM_BYTES)
  return path
}

/** How many times a 1 ms timer ran while `open` was under way. */
async function ticksDuring<T>(open: () => Promise<T>): Promise<{ value: T; ticks: number }> {
  let ticks = 0
  const timer = setInterval(() => {
    ticks++
  }, 1)
  try {
    return { value: await open(), ticks }
  } finally {
    clearInterval(timer)
  }
}

describe('the data file checked at start', () => {
  it('lets the main thread answer while a large file is checked', async () => {
    const path = await largeDataFile()
    const { value: store, ticks } = await ticksDuring(() => openStore(path))
    try {
      expect(ticks).toBeGreaterThan(0)
      expect(store.read.prepare('SELECT count(*) AS n FROM padding').get()).toEqual({
        n: PADDING_ROWS
      })
    } finally {
      store.close()
    }
  })

  it('still refuses a large file damaged in the middle, as damaged', async () => {
    const path = await largeDataFile()
    expect(damageMiddlePage(path)).toBeGreaterThan(1000)
    const opened = openStore(path)
    await expect(opened).rejects.toBeInstanceOf(AppError)
    await expect(opened).rejects.toMatchObject({ code: 'db_damaged' })
  })

  it('is made by the check thread itself: its rows for an intact file, its finding for a damaged one', async () => {
    const path = await largeDataFile()
    expect(await checkInWorker(path, 5)).toEqual({ rows: ['ok'] })
    damageMiddlePage(path)
    const reply = await checkInWorker(path, 5)
    // A damaged page either shows in the check's rows or stops the check with SQLite's code.
    const found =
      reply !== null && 'rows' in reply ? reply.rows.join('; ') : (reply?.error.code ?? 'no reply')
    expect(found).toMatch(/SQLITE_CORRUPT|corrupt|malformed|Page|Tree|btree/i)
  })
})
