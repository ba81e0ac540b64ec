import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCollectionHandlers } from '../../src/main/collection/collection-handlers'
import type { EditDeps } from '../../src/main/collection/edits-deps'
import { createOutboxJournalHandlers } from '../../src/main/collection/outbox-journal-handlers'
import { createEditSide } from '../../src/main/app/compose-edits'
import type { EditSide, EditSideDeps } from '../../src/main/app/compose-edits'
import type { Profiles } from '../../src/main/account/profiles'
import { createEventBus } from '../../src/main/ipc/event-bus'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import { upsertProfile } from '../../src/main/account/profiles-repo'

/** A real database file in a temp dir, one profile, a few catalogue sets. */
export interface EditHarness {
  readonly dir: string
  readonly store: Store
  readonly profileId: number
  readonly deps: EditDeps
  readonly changes: (readonly number[])[]
  readonly handlers: ReturnType<typeof createCollectionHandlers> &
    ReturnType<typeof createOutboxJournalHandlers>
  close(): void
}

export function insertSets(store: Store, profileId: number, ids: readonly number[]): void {
  const insert = store.write.prepare(
    `INSERT OR IGNORE INTO sets (profile_id, set_id, number, number_variant, full_number, number_sort, name,
       year, theme, theme_group, subtheme, pieces, minifigs, availability, rating, tags,
       last_updated, detail, fetched_at)
     VALUES (?, ?, ?, 1, ?, ?, ?, 2020, 'Castle', '', 'Knights', 100, 2, 'Retail', 0, '',
       '2026-01-01T00:00:00.000Z', '{}', '2026-01-01T00:00:00.000Z')`
  )
  // One transaction: a commit per row is a sync to disk per row (3,000 sets took 3 s).
  store.write.transaction(() => {
    for (const id of ids) insert.run(profileId, id, String(id), `${id}-1`, id, `Set number ${id}`)
  })()
}

export async function editHarness(
  options: { dir?: string; sets?: number[] } = {}
): Promise<EditHarness> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'studbook-edits-'))
  const store = await openStore(join(dir, 'studbook.db'))
  const profile = upsertProfile(
    store.write,
    { kind: 'custom', label: 'test', baseUrl: 'http://127.0.0.1:1', binding: 'auto', paths: {} },
    '2026-01-01T00:00:00.000Z'
  )
  insertSets(store, profile.id, options.sets ?? [1, 2, 3, 4, 5])
  const changes: (readonly number[])[] = []
  let tick = 0
  const deps: EditDeps = {
    store,
    profileId: () => profile.id,
    now: () => new Date(Date.UTC(2026, 0, 1) + tick++ * 1000),
    changed: (ids) => changes.push(ids)
  }
  return {
    dir,
    store,
    profileId: profile.id,
    deps,
    changes,
    handlers: { ...createCollectionHandlers(deps), ...createOutboxJournalHandlers(deps) },
    close() {
      store.close()
      if (!options.dir) rmSync(dir, { recursive: true, force: true })
    }
  }
}

/**
 * The edit side as the app wires it, without background pushes (tests push when they choose).
 * `more` overrides the defaults: a bus to watch, a publish hook, a log, a background push's delay
 * (the app's is 300 ms).
 */
export function testEditSide(
  store: Store,
  profiles: Profiles,
  more: Partial<Pick<EditSideDeps, 'events' | 'publish' | 'log' | 'pushDelayMs'>> = {}
): EditSide {
  return createEditSide({
    store,
    profiles,
    events: more.events ?? createEventBus(),
    now: () => new Date(),
    files: null,
    publish: more.publish ?? (() => undefined),
    log: more.log ?? { warn: () => undefined },
    pushDelayMs: more.pushDelayMs ?? 0
  })
}
