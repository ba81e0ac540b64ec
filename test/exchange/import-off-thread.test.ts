import { describe, expect, it } from 'vitest'
import { dispatch } from '../../src/main/ipc/dispatch'
import { IMPORT_LIST_SHOWN } from '../../src/shared/model/exchange'
import type { ImportPreviewDto } from '../../src/shared/model/exchange'
import { importProfileEachTest } from './each-test'

/**
 * No time limit on these tests (machines run at load 8-20, and opening a test store alone can take
 * many seconds there): each preview is bounded by its own budget, which ends it with a typed error.
 */
const NO_CLOCK = 0

/**
 * The main thread's longest stall while `job` runs, as a share of the job's whole time: a ratio of
 * two spans measured together, so a busy machine stretches both. A preview read on the main thread
 * holds it from start to end (a share near 1); one read in a worker leaves it free (near 0).
 */
async function longestStallShare<T>(job: () => Promise<T>): Promise<{ value: T; share: number }> {
  const start = performance.now()
  let last = start
  let longest = 0
  let running = true
  const beat = (): void => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
    if (running) setTimeout(beat, 1)
  }
  setTimeout(beat, 1)
  const value = await job()
  running = false
  const now = performance.now()
  longest = Math.max(longest, now - last)
  return { value, share: longest / (now - start) }
}

/** Under this share the preview cannot have held the main thread for most of its time. */
const MOST = 0.5

const profile = importProfileEachTest()

const CATALOGUE = 5_000

/**
 * A Brickset collection file well past the size read in a worker (64 KB): every catalogue set,
 * then sets the catalogue lacks. `rows` data rows in all. Sized by what it shows (it goes to the
 * worker), not by time: the test asserts order, never a duration.
 */
function collectionFile(rows = CATALOGUE + 1_000): {
  content: string
  rows: number
  unknown: number
} {
  const lines = ['Number,Qty owned,Wanted,Notes']
  let unknown = 0
  for (let i = 0; i < rows; i++) {
    const set = i + 1
    lines.push(`${set}-1,${(i % 3) + 1},No,"A note for row ${i}, long enough to be a real one"`)
    if (set > CATALOGUE) unknown++
  }
  return { content: lines.join('\n'), rows, unknown }
}

describe('an import preview of a large file', () => {
  it(
    'leaves the app answering other requests while it reads the file',
    async () => {
      const { handlers } = await profile(CATALOGUE)
      const file = collectionFile()
      expect(file.content.length).toBeGreaterThan(64 * 1024)
      const { value: work, share } = await longestStallShare(async () => {
        const preview = dispatch(handlers, 'exchange:previewImport', {
          format: 'collection',
          content: file.content
        })
        // The preview has begun; the user goes on working meanwhile (answered whenever the
        // preview ends: which comes first is the machine's, not the app's, to decide).
        await new Promise((resolve) => setImmediate(resolve))
        const edit = await dispatch(handlers, 'collection:updateSet', {
          setID: 1,
          patch: { wanted: true }
        })
        const notes = await dispatch(handlers, 'outbox:list', {})
        return { edit, notes, result: await preview }
      })
      // 2 % at load 29 here; a preview read on the main thread measured 100 %.
      expect(share, 'the longest main-thread stall, as a share of the preview').toBeLessThan(MOST)
      const { edit, notes, result } = work
      expect(edit.ok).toBe(true)
      expect(notes).toMatchObject({ ok: true, value: [{ setID: 1 }] })
      // The preview read the whole file and planned against the collection as it stood.
      expect(result.ok).toBe(true)
      const value = (result as { value: ImportPreviewDto }).value
      expect(value.rows).toBe(file.rows)
      expect(value.adds + value.changes).toBe(CATALOGUE)
      expect(value.problemsTotal).toBe(file.unknown)
      expect(value.problems).toHaveLength(Math.min(file.unknown, IMPORT_LIST_SHOWN))
      expect(value.canApply).toBe(true)
    },
    NO_CLOCK
  )

  it(
    'refuses a large file of another format by name, as it does a small one',
    async () => {
      const { h, x } = await profile(0)
      const rows = Array.from({ length: 5_000 }, (_, i) => `${i + 1}-1,1,True,1`)
      const content = ['Set Number,Quantity,Includes Spares,Inventory Ver', ...rows].join('\n')
      expect(content.length).toBeGreaterThan(64 * 1024)
      await expect(x['exchange:previewImport']({ format: 'collection', content })).rejects.toThrow(
        'This is a Rebrickable set list file, not a Brickset collection CSV file'
      )
      expect(h.store.read.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 })
    },
    NO_CLOCK
  )
})
