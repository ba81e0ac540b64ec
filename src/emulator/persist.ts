import Database from 'better-sqlite3'
import { z } from 'zod'
import { storedCopy } from '../shared/ipc/channels/collection'
import { readStoredJson } from '../shared/parse-json'
import type { SetIndex } from './catalogue'
import type { Allowance, Change } from './context'
import type { UserData } from './state'

/**
 * The service's own SQLite file (option dbPath). The catalogue itself is a pure function of
 * (seed, size), so the file keeps only what changes: set revisions, user data, allowances.
 * A file made for another seed or size is reset.
 */

type Entry<M> = M extends Map<infer K, infer V> ? [K, V] : never

/** A user's collection as this file keeps it (read back through the schema, not cast). */
interface SavedUser {
  sets: Entry<UserData['sets']>[]
  copies: Entry<UserData['copies']>[]
  minifigs: Entry<UserData['minifigs']>[]
  flagLabels: string[]
}

const savedUser = z.object({
  sets: z.array(
    z.tuple([
      z.number(),
      z.object({
        owned: z.boolean(),
        wanted: z.boolean(),
        qtyOwned: z.number(),
        notes: z.string(),
        rating: z.number(),
        flags: z.array(z.boolean())
      })
    ])
  ),
  copies: z.array(
    z.tuple([
      z.number(),
      z.object({ ...storedCopy.shape, collectionID: z.number(), setID: z.number() })
    ])
  ),
  minifigs: z.array(
    z.tuple([z.string(), z.object({ loose: z.number(), wanted: z.boolean(), notes: z.string() })])
  ),
  flagLabels: z.array(z.string())
}) satisfies z.ZodType<SavedUser>

const savedAllowance = z.object({
  perDay: z.number().nullable(),
  day: z.string(),
  used: z.number()
}) satisfies z.ZodType<Allowance>

export interface Store {
  apply(change: Change): void
  close(): void
}

export function openStore(
  path: string,
  identity: string,
  load: {
    sets: SetIndex
    users: ReadonlyMap<string, UserData>
    allowances: Map<string, Allowance>
  }
): Store {
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.exec(`CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL) STRICT;
    CREATE TABLE IF NOT EXISTS set_change (setID INTEGER PRIMARY KEY, revision INTEGER NOT NULL, lastUpdated INTEGER NOT NULL) STRICT;
    CREATE TABLE IF NOT EXISTS user_data (username TEXT PRIMARY KEY, json TEXT NOT NULL) STRICT;
    CREATE TABLE IF NOT EXISTS allowance (apiKey TEXT PRIMARY KEY, json TEXT NOT NULL) STRICT;`)
  const row = db.prepare<[], { v: string }>("SELECT v FROM meta WHERE k = 'identity'").get()
  if (row?.v !== identity) {
    db.exec('DELETE FROM set_change; DELETE FROM user_data; DELETE FROM allowance;')
    db.prepare("INSERT OR REPLACE INTO meta (k, v) VALUES ('identity', ?)").run(identity)
  }
  for (const r of db
    .prepare<[], { setID: number; revision: number; lastUpdated: number }>(
      'SELECT * FROM set_change'
    )
    .all()) {
    const set = load.sets.get(r.setID)
    if (set) {
      set.revision = r.revision
      set.lastUpdated = r.lastUpdated
    }
  }
  for (const r of db
    .prepare<[], { username: string; json: string }>('SELECT * FROM user_data')
    .all()) {
    const u = load.users.get(r.username)
    if (!u) continue
    const saved = readStoredJson(savedUser, r.json, `The service file's user ${r.username}`)
    u.sets.clear()
    for (const [k, v] of saved.sets) u.sets.set(k, v)
    u.copies.clear()
    for (const [k, v] of saved.copies) u.copies.set(k, v)
    u.minifigs.clear()
    for (const [k, v] of saved.minifigs) u.minifigs.set(k, v)
    u.flagLabels = saved.flagLabels
  }
  for (const r of db
    .prepare<[], { apiKey: string; json: string }>('SELECT * FROM allowance')
    .all()) {
    const allowance = readStoredJson(savedAllowance, r.json, "The service file's allowance")
    load.allowances.set(r.apiKey, allowance)
  }
  const putSet = db.prepare(
    'INSERT OR REPLACE INTO set_change (setID, revision, lastUpdated) VALUES (?, ?, ?)'
  )
  const putUser = db.prepare('INSERT OR REPLACE INTO user_data (username, json) VALUES (?, ?)')
  const putAllowance = db.prepare('INSERT OR REPLACE INTO allowance (apiKey, json) VALUES (?, ?)')
  return {
    apply(change) {
      switch (change.kind) {
        case 'set':
          putSet.run(change.set.setID, change.set.revision, change.set.lastUpdated)
          break
        case 'user': {
          const u = change.user
          const saved: SavedUser = {
            sets: [...u.sets],
            copies: [...u.copies],
            minifigs: [...u.minifigs],
            flagLabels: u.flagLabels
          }
          putUser.run(u.user.username.toLowerCase(), JSON.stringify(saved))
          break
        }
        case 'allowance': {
          const a = load.allowances.get(change.apiKey)
          if (a) putAllowance.run(change.apiKey, JSON.stringify(a))
          break
        }
      }
    },
    close() {
      db.close()
    }
  }
}
