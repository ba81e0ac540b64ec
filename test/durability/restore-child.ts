/**
 * The kill -9 target for a restore's apply step. Args: <db path> <setup|restore>.
 * setup: a profile, SETS catalogue sets, the collection "A" (every set owned once, note "A").
 * restore: plans the collection "B" (every set twice, note "B", rating 3, a saved view "B") and
 * applies it with the restore's own apply step, printing READY before and DONE after.
 */
import { writeSync } from 'node:fs'
import { applyEdits, setEdit } from '../../src/main/collection/index'
import { applyRestorePlan } from '../../src/main/exchange/restore-apply'
import { planRestore } from '../../src/main/exchange/restore-plan'
import { readSnapshot } from '../../src/main/exchange/snapshot-repo'
import { upsertProfile } from '../../src/main/account/profiles-repo'
import { getSetting } from '../../src/main/store/settings-repo'
import { openStore } from '../../src/main/store/connection'
import { savedQuery } from '../../src/shared/ipc/channels/views'

const SETS = 2000
const at = '2026-01-01T00:00:00.000Z'

async function main(): Promise<void> {
  const [path = '', mode = 'restore'] = process.argv.slice(2)
  const store = await openStore(path)
  const db = store.write
  if (mode === 'setup') {
    const profile = upsertProfile(
      db,
      { kind: 'custom', label: 'kill', baseUrl: 'http://127.0.0.1:1', binding: 'auto', paths: {} },
      at
    )
    const insert = db.prepare(
      `INSERT INTO sets (profile_id, set_id, number, number_variant, full_number, number_sort,
         name, year, theme, theme_group, subtheme, pieces, minifigs, availability, rating, tags,
         last_updated, detail, fetched_at)
       VALUES (?, ?, ?, 1, ?, ?, ?, 2020, 'T', '', 'S', 1, 0, 'Retail', 0, '', ?, '{}', ?)`
    )
    db.transaction(() => {
      for (let i = 1; i <= SETS; i++)
        insert.run(profile.id, i, String(i), `${i}-1`, i, `S${i}`, at, at)
      db.prepare(`INSERT INTO settings (key, value) VALUES ('kill_profile', ?)`).run(
        String(profile.id)
      )
    })()
    const edits = Array.from({ length: SETS }, (_, i) => [
      setEdit(i + 1, 'qtyOwned', 1),
      setEdit(i + 1, 'notes', 'A')
    ]).flat()
    applyEdits(db, profile.id, edits, { kind: 'new', description: 'A' }, at)
    // A's edits count as sent: the restore's outbox rows are then all of its own.
    db.prepare('DELETE FROM outbox').run()
    store.close()
    writeSync(1, 'DONE\n')
    return
  }
  const profileId = Number(getSetting(store.read, 'kill_profile'))
  const current = readSnapshot(store.read, profileId)
  const b = new Map(
    [...current.sets].map(([id, v]) => [id, { ...v, qtyOwned: 2, notes: 'B', rating: 3 }])
  )
  const backup = {
    ...current,
    sets: b,
    views: [{ name: 'B', query: savedQuery.parse({ text: 'b' }) }]
  }
  let n = 0
  const plan = planRestore(current, backup, () => `new-${n++}`)
  writeSync(1, 'READY\n')
  applyRestorePlan(db, profileId, { edits: plan.edits, views: backup.views }, 'Restore B', at)
  writeSync(1, 'DONE\n')
  store.close()
}

void main()
