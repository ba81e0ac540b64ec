import { afterAll, beforeAll, expect } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { upsertProfile } from '../../src/main/account/profiles-repo'
import { countSets } from '../../src/main/catalogue/catalogue-repo'
import { createServiceClient } from '../../src/main/service/index'
import { pullAllSets } from '../../src/main/sync/pull/catalogue'
import { setWriter } from '../../src/main/sync/pull/set-writer'
import type { PullContext } from '../../src/main/sync/pull/context'
import { getSyncValue } from '../../src/main/store/sync-state-repo'
import { FIXTURE_AT, openTestStore } from '../catalogue/set-fixtures'
import type { TestStore } from '../catalogue/set-fixtures'

/**
 * The catalogue pull of the page-tolerance properties (v2 XML and v3 JSON): one whole pull of
 * the real client, the real pull and a real SQLite file per run, the service's answers changed on
 * the way by the property's own fetch.
 */

/** What one pull did: the profile it filled, the error it ended with, records it left out. */
export interface SetsPulled {
  readonly pid: number
  readonly error: unknown
  readonly unreadable: number
}

let runs = 0

/**
 * Pulls the whole catalogue (`expected` sets) into a fresh profile of `t`, its requests going to
 * `fetch`. Each pull has its own profile and base address, so no run sees another's sets.
 */
async function pullSetsThrough(
  t: TestStore,
  svc: ReferenceService,
  fetch: (req: Request) => Promise<Response>,
  expected: number
): Promise<SetsPulled> {
  const baseUrl = `https://run${String(++runs)}.invalid`
  const pid = upsertProfile(
    t.store.write,
    { kind: 'custom', label: 'p', baseUrl, binding: 'auto', paths: {} },
    FIXTURE_AT
  ).id
  const client = createServiceClient({
    profile: { baseUrl },
    secrets: () => ({ apiKey: svc.demo.apiKey }),
    fetch
  })
  let unreadable = 0
  const ctx: PullContext = {
    store: t.store,
    profileId: pid,
    client,
    signal: new AbortController().signal,
    writer: setWriter(t.store),
    now: () => new Date(FIXTURE_AT),
    progress: () => undefined,
    changed: () => undefined,
    confirmBeforeRemoving: () => Promise.resolve(),
    unreadable: (_kind, _op, rejected) => {
      unreadable += rejected.length
    }
  }
  try {
    await pullAllSets(ctx, expected)
    return { pid, error: null, unreadable }
  } catch (error) {
    return { pid, error, unreadable }
  } finally {
    await ctx.writer.close()
  }
}

/** How many runs stored the changed record, and how many counted it unreadable. */
export interface Outcomes {
  stored: number
  counted: number
}

/**
 * Both outcomes were exercised, not only one: asserted at the property's own count (`full`) or
 * more (a quick pass, STUDBOOK_PROPERTY_RUNS below 1, may by chance see only one).
 */
export function expectBothOutcomes(seen: Outcomes, runs: number, full: number): void {
  if (runs < full) return
  expect(seen.stored).toBeGreaterThan(runs / 8)
  expect(seen.counted).toBeGreaterThan(runs / 8)
}

/** A reference service and a test store for a whole property file, and its pulls. */
export interface SetsPulls {
  readonly svc: ReferenceService
  readonly store: TestStore['store']
  /** One whole pull of `expected` sets into a fresh profile, its requests going to `fetch`. */
  pull(fetch: (req: Request) => Promise<Response>, expected: number): Promise<SetsPulled>
  /**
   * The pull completed, and the changed record of its `total` was either stored or counted:
   * never both, never neither. Notes which in `seen`.
   */
  expectCompleteWithOneChanged(pulled: SetsPulled, total: number, seen: Outcomes): void
}

/**
 * A service of `sets` sets and a test store named `name`, opened before the file's tests and
 * closed after them (beforeAll/afterAll).
 */
export function setsPullsEachFile(name: string, sets: number): SetsPulls {
  let svc: ReferenceService | null = null
  let t: TestStore | null = null
  beforeAll(async () => {
    svc = createReferenceService({ sets })
    t = await openTestStore(name)
  })
  afterAll(() => {
    t?.close()
    svc?.close()
  })
  const opened = <T>(v: T | null): T => {
    if (v === null) throw new Error('the pull fixture is used outside its tests')
    return v
  }
  return {
    get svc() {
      return opened(svc)
    },
    get store() {
      return opened(t).store
    },
    pull: (fetch, expected) => pullSetsThrough(opened(t), opened(svc), fetch, expected),
    expectCompleteWithOneChanged(pulled, total, seen) {
      const { read } = opened(t).store
      expect(pulled.error).toBeNull()
      expect(getSyncValue(read, pulled.pid, 'catalogue_complete_at')).not.toBeNull()
      expect(countSets(read, pulled.pid) + pulled.unreadable).toBe(total)
      seen[pulled.unreadable === 0 ? 'stored' : 'counted']++
    }
  }
}
