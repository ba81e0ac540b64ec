import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { ExchangeHandlers } from '../../src/main/exchange/handlers'
import { planOffThread } from '../../src/main/exchange/import-thread'
import { AppError } from '../../src/shared/errors'
import type { ImportProgressDto } from '../../src/shared/ipc/channels/exchange'
import type { EditHarness } from '../collection/harness'
import { importProfileEachTest } from './each-test'

/**
 * No time limit on these tests (machines run at load 8-20, and opening a test store alone can take
 * many seconds there): each preview is bounded by its own budget, which ends it with a typed error.
 */
const NO_CLOCK = 0

const profile = importProfileEachTest()

/** `rows` rows of sets 1…rows, read in a worker (well past 64 KB). */
function collectionFile(rows: number): string {
  const lines = ['Number,Qty owned,Wanted,Notes']
  for (let i = 1; i <= rows; i++) lines.push(`${i}-1,1,No,"Row ${i}, with a note of some length"`)
  return lines.join('\n')
}

/** A profile whose catalogue holds sets 1…2,000. */
const setUp = () => profile(2_000)

const codeOf = (e: unknown): string => (e instanceof AppError ? e.code : String(e))

/** How a worker preview of a 5,000-row file ends under `control`: answered, or its error's code. */
function previewOutcome(
  h: EditHarness,
  control: Parameters<typeof planOffThread>[2]
): Promise<string> {
  return planOffThread(
    h.store,
    {
      profileId: h.profileId,
      format: 'collection',
      content: collectionFile(5_000),
      conditions: []
    },
    control
  ).then(
    () => 'answered',
    (e: unknown) => codeOf(e)
  )
}

/** Waits (a turn of the loop at a time) until the worker has started reading the file. */
async function untilReading(x: ExchangeHandlers, jobId: string): Promise<ImportProgressDto[]> {
  const seen: ImportProgressDto[] = []
  for (;;) {
    const p = await x['exchange:importProgress']({ jobId })
    if (p !== null) seen.push(p)
    if (p !== null && p.stage !== 'waiting') return seen
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('a running import preview', () => {
  it(
    'Cancel ends its worker and keeps nothing; the next preview gets a fresh worker',
    async () => {
      const { h, x } = await setUp()
      const before = readdirSync(h.dir).sort()
      const jobId = 'job-1'
      const outcome = Promise.resolve(
        x['exchange:previewImport']({
          format: 'collection',
          content: collectionFile(100_000),
          jobId
        })
      ).then(
        () => 'answered',
        (e: unknown) => codeOf(e)
      )
      const seen = await untilReading(x, jobId)
      expect(seen.at(-1)?.stage).toBe('reading')

      expect(await x['exchange:cancelImport']({ jobId })).toEqual({ cancelled: true })
      expect(await outcome).toBe('cancelled')
      // Gone: no progress to follow, nothing left to cancel, nothing written or left in the folder.
      expect(await x['exchange:importProgress']({ jobId })).toBeNull()
      expect(await x['exchange:cancelImport']({ jobId })).toEqual({ cancelled: false })
      expect(h.store.read.prepare('SELECT count(*) AS n FROM journal').get()).toEqual({ n: 0 })
      expect(readdirSync(h.dir).sort()).toEqual(before)

      const next = await x['exchange:previewImport']({
        format: 'collection',
        content: collectionFile(3_000),
        jobId: 'job-2'
      })
      expect(next.rows).toBe(3_000)
      expect(next.adds).toBe(2_000)
      await x['exchange:applyImport']({ previewId: next.previewId })
      expect(h.store.read.prepare('SELECT count(*) AS n FROM journal').get()).toEqual({ n: 1 })
    },
    NO_CLOCK
  )

  it(
    'a preview past its time budget is stopped as a timeout, not left running',
    async () => {
      const { h } = await setUp()
      // A budget of nothing: the timer fires before the worker can have read the file.
      const outcome = await previewOutcome(h, { budgetMs: 0 })
      expect(outcome).toBe('timeout')
    },
    NO_CLOCK
  )

  it(
    'an already cancelled preview never starts a worker',
    async () => {
      const { h } = await setUp()
      const abort = new AbortController()
      abort.abort()
      const progress: ImportProgressDto[] = []
      const outcome = await previewOutcome(h, {
        signal: abort.signal,
        onProgress: (p) => progress.push(p)
      })
      expect(outcome).toBe('cancelled')
      expect(progress).toEqual([])
    },
    NO_CLOCK
  )
})
