import { AppError } from '../../src/shared/errors'

/** What `run` did: the AppError it threw, or 'returned'; anything else it throws is rethrown. */
function outcome(run: () => unknown): AppError | 'returned' {
  try {
    run()
  } catch (e) {
    if (e instanceof AppError) return e
    throw e
  }
  return 'returned'
}

/** What `p` did: the AppError it rejected with, or 'resolved'; any other rejection is rethrown. */
async function settled(p: Promise<unknown>): Promise<AppError | 'resolved'> {
  try {
    await p
  } catch (e) {
    if (e instanceof AppError) return e
    throw e
  }
  return 'resolved'
}

/** The code of the AppError `run` throws, or `none` when it returns; anything else is rethrown. */
export function thrownCode(run: () => unknown, none = 'no error'): string {
  const o = outcome(run)
  return o === 'returned' ? none : o.code
}

/** The AppError `run` throws; a return fails the test with `accepted`, anything else rethrows. */
export function thrownError(run: () => unknown, accepted = 'no error'): AppError {
  const o = outcome(run)
  if (o === 'returned') throw new Error(accepted)
  return o
}

/** The code of the AppError `p` rejects with, or `none` when it resolves; anything else rethrows. */
export async function rejectedCode(p: Promise<unknown>, none = 'ok'): Promise<string> {
  const o = await settled(p)
  return o === 'resolved' ? none : o.code
}

/** The AppError `p` rejects with; resolving fails the test with `accepted`, anything else rethrows. */
export async function rejectedError(p: Promise<unknown>, accepted = 'no error'): Promise<AppError> {
  const o = await settled(p)
  if (o === 'resolved') throw new Error(accepted)
  return o
}
