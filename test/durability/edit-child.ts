/**
 * The kill -9 target: makes edits through the real edit path (collection handlers → one SQLite
 * transaction) against a real database file and prints `ACK <seq> <setID>` only after each edit
 * returned. Args: <db path> <first seq> <set count>.
 */
import { writeSync } from 'node:fs'
import { createCollectionHandlers } from '../../src/main/collection/collection-handlers'
import { openStore } from '../../src/main/store/connection'
import { getSetting } from '../../src/main/store/settings-repo'

async function main(): Promise<void> {
  const [path = '', first = '0', count = '100'] = process.argv.slice(2)
  const store = await openStore(path)
  const profileId = Number(getSetting(store.read, 'durability_profile'))
  // The service's own set numbers, so the edits can be pushed to it afterwards.
  const ids = JSON.parse(getSetting(store.read, 'durability_sets') ?? '[]') as number[]
  const handlers = createCollectionHandlers({
    store,
    profileId: () => profileId,
    now: () => new Date(),
    changed: () => undefined
  })
  const sets = Math.min(Number(count), ids.length)
  writeSync(1, 'READY\n')
  for (let seq = Number(first); ; seq++) {
    const setID = ids[seq % sets] ?? 0
    // notes carries the sequence number; the quantity is derived from it, so a reader can tell a
    // torn write (notes from one edit, quantity from another) from a whole one.
    await handlers['collection:updateSet']({
      setID,
      patch: { notes: `e${seq}`, qtyOwned: (seq % 900) + 1 }
    })
    writeSync(1, `ACK ${seq} ${setID}\n`)
  }
}

void main()
