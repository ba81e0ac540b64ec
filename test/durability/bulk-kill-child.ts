/**
 * The kill -9 target of bulk-kill.test.ts: one bulk edit of every catalogue set through the real
 * handler (a selection this large is written by the edit writer's worker, in one transaction),
 * bundled by the test (child-process.ts), its worker started as the app starts one. Prints `BEGIN`
 * as it asks and `ACK <journalId>` only once the edit answered. Args: <db path> <profile id>.
 */
import { writeSync } from 'node:fs'
import { createBulkEditHandlers } from '../../src/main/collection/bulk-edit-handlers'
import { openStore } from '../../src/main/store/connection'

async function main(): Promise<void> {
  const [path = '', profile = '0'] = process.argv.slice(2)
  const store = await openStore(path)
  const profileId = Number(profile)
  const ids = (
    store.read.prepare('SELECT set_id FROM sets WHERE profile_id = ?').all(profileId) as {
      set_id: number
    }[]
  ).map((r) => r.set_id)
  const bulk = createBulkEditHandlers({
    store,
    profileId: () => profileId,
    now: () => new Date(),
    changed: () => undefined
  })
  writeSync(1, 'BEGIN\n')
  const r = await bulk['collection:bulkEdit']({
    setIDs: ids,
    action: { kind: 'appendNote', text: 'bulk' }
  })
  writeSync(1, `ACK ${String(r.journalId)}\n`)
  store.close()
}

void main()
