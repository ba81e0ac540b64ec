import Database from 'better-sqlite3'
import { parentPort, workerData } from 'node:worker_threads'
import { codeOf } from './faults'
import type { ReadDb } from './handles'
import { quickCheckRows } from './intact'

/**
 * Worker side of the start check (start-check.ts): the data file's `PRAGMA quick_check` on a
 * read-only connection of its own, so the main thread turns meanwhile. It reports the rows the
 * check gave, or the error that stopped it with its SQLite code (a damaged page can stop the check
 * itself); the main side judges either as it judges its own check.
 */
export type CheckReply =
  | { readonly rows: string[] }
  | { readonly error: { readonly code: string | null; readonly message: string } }

const { path, max } = workerData as { path: string; max: number }

function check(): CheckReply {
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true })
    try {
      return { rows: quickCheckRows(db as ReadDb, max) }
    } finally {
      db.close()
    }
  } catch (e) {
    return { error: { code: codeOf(e), message: e instanceof Error ? e.message : String(e) } }
  }
}

parentPort?.postMessage(check() satisfies CheckReply)
