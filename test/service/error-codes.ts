import { AppError } from '../../src/shared/errors'

/** The code of the AppError `run` throws, or `none` when it returns; anything else is rethrown. */
export function thrownCode(run: () => unknown, none = 'no error'): string {
  try {
    run()
  } catch (e) {
    if (e instanceof AppError) return e.code
    throw e
  }
  return none
}

/** The code of the AppError `p` rejects with, or `none` when it resolves; anything else rethrows. */
export async function rejectedCode(p: Promise<unknown>, none = 'ok'): Promise<string> {
  try {
    await p
  } catch (e) {
    if (e instanceof AppError) return e.code
    throw e
  }
  return none
}
