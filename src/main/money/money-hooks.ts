import type { Handlers } from '../../shared/ipc/contract'
import type { MoneySchedule } from './money-schedule'

/**
 * The snapshot after an import: the import handler is wrapped here rather than taught about
 * snapshots, so the exchange feature stays as it is. It answers as before; the snapshot follows
 * in the background once the import's edits are written.
 */
export function snapshotAfterImport(handlers: Handlers, schedule: MoneySchedule): Handlers {
  const apply = handlers['exchange:applyImport']
  return {
    ...handlers,
    'exchange:applyImport': async (input) => {
      const result = await apply(input)
      void schedule.take('import')
      return result
    }
  }
}

/** The snapshot after each sync, whatever its outcome: it records the local data as it is. */
export function snapshotAfterSync(
  runner: { onFinished(listener: () => void): () => void },
  schedule: MoneySchedule
): () => void {
  return runner.onFinished(() => {
    void schedule.take('sync')
  })
}
