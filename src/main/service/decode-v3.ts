import { AppError } from '../../shared/errors'
import type { ErrorDetail } from '../../shared/errors'
import type { OperationDef } from '../../shared/protocol/operations'
import { checkV3FiguresAnswer } from '../../shared/protocol/minifig-collection'
import { checkV3SetsAnswer } from '../../shared/protocol/v3-set-records'

/**
 * The v3 answers checked and read here, where the body is decoded (the decode worker for a large
 * body), so the main thread receives records ready to store and never runs their schema. Each
 * record is checked on its own: the answer names every bad one, and the caller decides what a bad
 * one costs.
 */
const CHECKS: ReadonlyMap<string, (value: unknown) => unknown> = new Map<
  string,
  (value: unknown) => unknown
>([
  ['getSets', checkV3SetsAnswer],
  ['getMinifigCollection', checkV3FiguresAnswer]
])

/** The operation's checked answer; a page that breaks the protocol is AppError `bad_record`. */
export function checkedV3Answer(op: OperationDef, value: unknown, detail: ErrorDetail): unknown {
  const check = op.service === 'v3' ? CHECKS.get(op.name) : undefined
  if (check === undefined) return value
  try {
    return check(value)
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.code, e.message, { ...detail, ...e.detail })
    throw e
  }
}
