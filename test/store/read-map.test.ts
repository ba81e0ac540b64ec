import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MMAP_BYTES, openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'

/**
 * The main connection reads the file through a memory map (store/connection.ts MMAP_BYTES: a
 * search after the set writer's commit reads no page again with a system call), but only a
 * file that cannot shrink under the map: a file past the map's end is SIGBUS, not an error.
 */
let dir: string | null = null
let store: Store | null = null
afterEach(() => {
  store?.close()
  store = null
  if (dir !== null) rmSync(dir, { recursive: true, force: true })
  dir = null
})

const mapped = (s: Store): number => Number(s.read.pragma('mmap_size', { simple: true }))

describe('the main connection’s read map', () => {
  it('maps the database file for reads', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studbook-read-map-'))
    store = await openStore(join(dir, 'studbook.db'))
    expect(mapped(store)).toBe(MMAP_BYTES)
    // A page read through the map is the same page: the store works as before.
    expect(store.read.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('leaves a file that could shrink (auto_vacuum) unmapped', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studbook-read-map-'))
    const path = join(dir, 'studbook.db')
    // auto_vacuum is fixed when the first table is made: a file made elsewhere may have it.
    const made = new Database(path)
    made.pragma('auto_vacuum = FULL')
    made.exec('CREATE TABLE scratch (x)')
    made.close()
    store = await openStore(path)
    expect(store.read.pragma('auto_vacuum', { simple: true })).toBe(1)
    expect(mapped(store)).toBe(0)
  })
})
