import Database from 'better-sqlite3'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore } from '../../src/main/store/connection'

/**
 * Migration 160 on a user's file of schema 150 with an audit open: the audit keeps its number,
 * place and times, and each tick comes across naming the audit's profile.
 */

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'studbook-audit-mig-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('migration 160', () => {
  it('carries a schema-150 audit and its ticks, each tick with its profile', async () => {
    const path = join(dir, 'studbook.db')
    copyFileSync(join(import.meta.dirname, '../fixtures/db/schema-v150.db'), path)
    const old = new Database(path)
    old.exec(`
      INSERT INTO shelf_audits (id, profile_id, location, started_at, ended_at)
        VALUES (7, 1, 'Attic', '2026-01-01T00:00:00.000Z', NULL),
               (3, 1, 'Garage', '2025-01-01T00:00:00.000Z', '2025-01-02T00:00:00.000Z');
      INSERT INTO shelf_audit_marks (audit_id, local_id, code, mark, marked_at)
        VALUES (7, 'c1', '', 'seen', '2026-01-01T00:01:00.000Z'),
               (7, '', 'BOX 9', 'seen', '2026-01-01T00:02:00.000Z'),
               (3, 'c2', '', 'missing', '2025-01-01T00:03:00.000Z');
    `)
    old.close()
    const store = await openStore(path)
    try {
      const db = store.read
      expect(db.pragma('foreign_key_check')).toEqual([])
      expect(
        db.prepare('SELECT profile_id, id, location, ended_at FROM shelf_audits ORDER BY id').all()
      ).toEqual([
        { profile_id: 1, id: 3, location: 'Garage', ended_at: '2025-01-02T00:00:00.000Z' },
        { profile_id: 1, id: 7, location: 'Attic', ended_at: null }
      ])
      expect(
        db
          .prepare(
            'SELECT profile_id, audit_id, local_id, code, mark FROM shelf_audit_marks ORDER BY marked_at'
          )
          .all()
      ).toEqual([
        { profile_id: 1, audit_id: 3, local_id: 'c2', code: '', mark: 'missing' },
        { profile_id: 1, audit_id: 7, local_id: 'c1', code: '', mark: 'seen' },
        { profile_id: 1, audit_id: 7, local_id: '', code: 'BOX 9', mark: 'seen' }
      ])
    } finally {
      store.close()
    }
  })
})
