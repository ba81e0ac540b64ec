import Database from 'better-sqlite3'
import { readFileSync } from 'node:fs'
import { expect } from 'vitest'
import type { ImportPreviewDto } from '../../src/shared/model/exchange'
import type { ExchangeHarness } from '../exchange/store-fixtures'

/**
 * How a local table (ledger, money snapshots, shelf audits: what the service cannot hold) leaves
 * and comes back: a backup and its restore, the full export and its import, each through the
 * exchange handlers as the screens call them.
 */

/**
 * A backup of what the harness holds, as the restore screen sends it (its bytes). `edit` changes the
 * file first, as a hand-made or damaged backup would be.
 */
export async function backupData(
  t: ExchangeHarness,
  edit?: (db: Database.Database) => void
): Promise<Buffer[]> {
  const r = await t.x['exchange:backup']({ saveWithDialog: false })
  if (edit) {
    const db = new Database(r.path ?? '')
    edit(db)
    db.close()
  }
  return [readFileSync(r.path ?? '')]
}

/** Previews the backup `data` and applies it, as the restore screen does. */
export async function restoreBackup(t: ExchangeHarness, data: Buffer[]): Promise<void> {
  const p = await t.x['exchange:previewRestore']({ data, name: 'b.studbook' })
  await t.x['exchange:applyRestore']({ restoreId: p?.restoreId ?? '' })
}

/** The full export's file content, without a byte-order mark. */
export async function fullExport(t: ExchangeHarness): Promise<string> {
  const file = await t.x['exchange:export']({
    format: 'studbook',
    bom: false,
    saveWithDialog: false
  })
  return file.content
}

/** Previews the full export `content` and applies it; the preview, for its notices. */
export async function importFullExport(
  t: ExchangeHarness,
  content: string
): Promise<ImportPreviewDto> {
  const preview = await t.x['exchange:previewImport']({ format: 'studbook', content })
  await t.x['exchange:applyImport']({ previewId: preview.previewId })
  return preview
}

/** The backup `data` is refused at its preview, as invalid input that names `table`. */
export async function expectRestoreRefused(
  t: ExchangeHarness,
  data: Buffer[],
  table: RegExp
): Promise<void> {
  await expect(t.x['exchange:previewRestore']({ data, name: 'b.studbook' })).rejects.toMatchObject({
    code: 'invalid_input',
    message: expect.stringMatching(table) as unknown
  })
}
