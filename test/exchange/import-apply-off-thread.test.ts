import { describe, expect, it } from 'vitest'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { ImportPreviewDto } from '../../src/shared/model/exchange'
import type { EditHarness } from '../collection/harness'
import { importProfileEachTest } from './each-test'

/**
 * An import's apply of 5,000 changes is one transaction and one journal entry, and does not hold
 * the main thread while it writes: a timer set as the apply starts runs before it answers. Order
 * and counts only, never a duration (machines run at load 8-20).
 */
const NO_CLOCK = 0
const CATALOGUE = 5_000

const profile = importProfileEachTest()

function collectionFile(): string {
  const lines = ['Number,Qty owned,Wanted,Notes']
  for (let set = 1; set <= CATALOGUE; set++) {
    lines.push(`${set}-1,${(set % 3) + 1},No,"A note for row ${set}"`)
  }
  return lines.join('\n')
}

const count = (h: EditHarness, q: string): number =>
  (h.store.read.prepare(q).get() as { n: number }).n

describe('an import apply of 5,000 changes', () => {
  it(
    'lets a timer run before it answers, writes every change as one journal entry, and one undo reverts it',
    async () => {
      const { h: harness, handlers } = await profile(CATALOGUE)
      const preview = await dispatch(handlers, 'exchange:previewImport', {
        format: 'collection',
        content: collectionFile()
      })
      const previewId = (preview as { value: ImportPreviewDto }).value.previewId

      const order: string[] = []
      setTimeout(() => order.push('timer'), 0)
      const applied = await dispatch(handlers, 'exchange:applyImport', { previewId })
      order.push('answer')
      expect(applied).toMatchObject({ ok: true })
      expect(order).toEqual(['timer', 'answer'])
      expect(count(harness, 'SELECT count(*) AS n FROM set_state WHERE owned = 1')).toBe(CATALOGUE)
      expect(count(harness, 'SELECT count(*) AS n FROM journal')).toBe(1)
      expect(harness.changes.at(-1)).toHaveLength(CATALOGUE)

      const undo = await dispatch(handlers, 'journal:undo', {})
      expect(undo).toMatchObject({ ok: true, value: { applied: true } })
      expect(count(harness, 'SELECT count(*) AS n FROM set_state WHERE owned = 1')).toBe(0)
    },
    NO_CLOCK
  )
})
