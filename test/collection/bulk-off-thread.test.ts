import { afterEach, describe, expect, it } from 'vitest'
import { createBulkEditHandlers } from '../../src/main/collection/bulk-edit-handlers'
import { countSearch } from '../../src/main/catalogue/search-repo'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { Handlers } from '../../src/shared/ipc/contract'
import type { UndoResultDto } from '../../src/shared/model/sync'
import { editHarness, insertSets } from './harness'
import type { EditHarness } from './harness'
import { setStateSql } from '../../src/main/collection/index'

/**
 * A bulk edit of 5,000 sets, its undo and its redo are each one transaction (one journal entry,
 * all or nothing), and none of them holds the main thread while it writes: a timer set as the
 * request starts runs before the answer. Sized by what it shows, never timed (machines run at
 * load 8-20): the assertions are order and counts.
 */
const NO_CLOCK = 0
const SETS = 5_000
const ids = Array.from({ length: SETS }, (_, i) => i + 1)

let h: EditHarness | null = null
afterEach(() => {
  h?.close()
  h = null
})

async function harness(): Promise<{ h: EditHarness; handlers: Handlers }> {
  const made = await editHarness({ sets: [] })
  h = made
  insertSets(made.store, made.profileId, ids)
  const handlers = {
    ...made.handlers,
    ...createBulkEditHandlers(made.deps)
  } as unknown as Handlers
  return { h: made, handlers }
}

/** Runs `call`, and says whether a timer set just before it ran before it answered. */
async function timerFirst<T>(call: () => Promise<T>): Promise<{ order: string[]; value: T }> {
  const order: string[] = []
  setTimeout(() => order.push('timer'), 0)
  const value = await call()
  order.push('answer')
  return { order, value }
}

/** The Wanted filter as the screens ask for it (its count is cached until the next write). */
const WANTED = {
  text: '',
  sort: 'number',
  desc: false,
  offset: 0,
  limit: 50,
  facets: false,
  wanted: true
} as const

const count = (h: EditHarness, q: string): number =>
  (h.store.read.prepare(q).get() as { n: number }).n
const wanted = (h: EditHarness) => count(h, 'SELECT count(*) AS n FROM set_state WHERE wanted = 1')

describe('a bulk edit of 5,000 sets', () => {
  it(
    'lets a timer run before it answers, and writes all 5,000 sets as one journal entry',
    async () => {
      const { h, handlers } = await harness()
      // The count the screens show, cached before the edit: it must not outlive the edit.
      expect(countSearch(h.store.read, setStateSql, h.profileId, WANTED)).toBe(0)
      const { order, value } = await timerFirst(() =>
        dispatch(handlers, 'collection:bulkEdit', {
          setIDs: ids,
          action: { kind: 'wanted', value: true }
        })
      )
      expect(value).toMatchObject({ ok: true, value: { change: SETS } })
      expect(order).toEqual(['timer', 'answer'])
      expect(wanted(h)).toBe(SETS)
      expect(count(h, 'SELECT count(*) AS n FROM journal')).toBe(1)
      expect(count(h, 'SELECT count(*) AS n FROM outbox')).toBe(SETS)
      expect(countSearch(h.store.read, setStateSql, h.profileId, WANTED)).toBe(SETS)
      expect(h.changes.at(-1)).toHaveLength(SETS)
    },
    NO_CLOCK
  )

  it(
    'plans a 5,000-set selection without holding the main thread either',
    async () => {
      const { handlers } = await harness()
      const { order, value } = await timerFirst(() =>
        dispatch(handlers, 'collection:bulkPlan', {
          setIDs: ids,
          action: { kind: 'owned', value: true }
        })
      )
      expect(value).toMatchObject({ ok: true, value: { sets: SETS, change: SETS, already: 0 } })
      expect(order).toEqual(['timer', 'answer'])
    },
    NO_CLOCK
  )

  it(
    'is undone and redone the same way, each naming its entry, and a repeated undo waits and does nothing',
    async () => {
      const { h, handlers } = await harness()
      await dispatch(handlers, 'collection:updateSet', { setID: 1, patch: { notes: 'older' } })
      const edit = await dispatch(handlers, 'collection:bulkEdit', {
        setIDs: ids,
        action: { kind: 'wanted', value: true }
      })
      const entryId = (edit as { value: { journalId: number } }).value.journalId
      const undo = (input: unknown) => dispatch(handlers, 'journal:undo', input)

      // Two presses naming the entry the user saw, the second sent while the first still runs.
      const { order, value: first } = await timerFirst(() => {
        const a = undo({ entryId })
        const b = undo({ entryId })
        return Promise.all([a, b])
      })
      expect(order).toEqual(['timer', 'answer'])
      const [a, b] = first.map((r) => (r as { value: UndoResultDto }).value)
      expect(a).toMatchObject({ applied: true, entry: { id: entryId, undone: true } })
      expect(b).toMatchObject({ applied: false, entry: { id: entryId, undone: true } })
      expect(wanted(h)).toBe(0)
      // The older edit behind it was not reached.
      expect(count(h, "SELECT count(*) AS n FROM set_state WHERE notes = 'older'")).toBe(1)
      expect(countSearch(h.store.read, setStateSql, h.profileId, WANTED)).toBe(0)

      const redo = await timerFirst(() => dispatch(handlers, 'journal:redo', { entryId }))
      expect(redo.order).toEqual(['timer', 'answer'])
      expect(redo.value).toMatchObject({ ok: true, value: { applied: true } })
      expect(wanted(h)).toBe(SETS)
      expect(count(h, 'SELECT count(*) AS n FROM journal')).toBe(2)
    },
    NO_CLOCK
  )

  it(
    'lets a one-set edit sent while it writes wait for it and be saved, never refused as busy',
    async () => {
      const { h, handlers } = await harness()
      const bulk = dispatch(handlers, 'collection:bulkEdit', {
        setIDs: ids.slice(1),
        action: { kind: 'wanted', value: true }
      })
      const writing = { done: false }
      void bulk.finally(() => (writing.done = true))
      // The user goes on clicking, a few ms apart, the whole time the bulk edit writes.
      const clicks: Promise<Awaited<ReturnType<typeof dispatch>>>[] = []
      for (let i = 0; !writing.done; i++) {
        clicks.push(
          dispatch(handlers, 'collection:updateSet', { setID: 1, patch: { notes: `click ${i}` } })
        )
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const answers = await Promise.all(clicks)
      expect(await bulk).toMatchObject({ ok: true, value: { change: SETS - 1 } })
      expect(answers.filter((a) => !a.ok)).toEqual([])
      expect(clicks.length).toBeGreaterThan(1)
      const last = `click ${clicks.length - 1}`
      expect(count(h, `SELECT count(*) AS n FROM set_state WHERE notes = '${last}'`)).toBe(1)
      expect(wanted(h)).toBe(SETS - 1)
    },
    NO_CLOCK
  )

  it(
    'refuses a selection with a set the catalogue lacks, writing nothing',
    async () => {
      const { h, handlers } = await harness()
      const r = await dispatch(handlers, 'collection:bulkEdit', {
        setIDs: [...ids.slice(1), 999_999],
        action: { kind: 'wanted', value: true }
      })
      expect(r).toMatchObject({ ok: false, error: { code: 'not_found' } })
      expect(wanted(h)).toBe(0)
      expect(count(h, 'SELECT count(*) AS n FROM journal')).toBe(0)
    },
    NO_CLOCK
  )
})
