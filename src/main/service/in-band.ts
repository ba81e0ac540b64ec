import { AppError } from '../../shared/errors'
import type { ErrorDetail } from '../../shared/errors'
import { acknowledges } from '../../shared/protocol/operations'
import type { OperationDef } from '../../shared/protocol/operations'
import { refusalAsWhole, refusalError, refusalIn, saysOk } from './answer-meaning'

/** v2's refusal of a request: `ERROR: ` and the reason (recorded as `ERROR: invalid userHash`). */
const ERROR_PREFIX = /^error\s*:\s*/i

/**
 * Maps the in-band answers of string and int operations (docs/protocol.md §4) to AppError; what remains
 * is the operation's value: `OK` for writes and checkKey, the userHash for login, a user name for
 * checkUserHash. Answers are read by meaning (answer-meaning.ts): case, padding and trailing words
 * change nothing.
 */
export function inBandString(op: OperationDef, text: string, detail: ErrorDetail): string {
  const said = text.trim()
  const prefix = ERROR_PREFIX.exec(said)
  if (prefix !== null) {
    const reason = said.slice(prefix[0].length).trim()
    const d = { ...detail, reason: reason.slice(0, 200) }
    const kind = refusalIn(reason)
    if (kind !== null) throw refusalError(kind, d)
    throw new AppError('service_error', `The service refused the change: ${sentence(d.reason)}.`, d)
  }
  // An acknowledgement carries no value, so any refusal it names is one; a value (a userHash, a
  // user name) is a refusal only when it is one word for word.
  const ack = acknowledges(op)
  const kind = ack ? refusalIn(said) : refusalAsWhole(said)
  if (kind !== null) throw refusalError(kind, { ...detail, reason: said.slice(0, 200) })
  if (op.name === 'checkUserHash' && said.toUpperCase() === 'INVALID') {
    throw refusalError('invalid_user_hash', detail)
  }
  if (op.service === 'legacy' && op.name === 'login' && said === '') {
    throw refusalError('invalid_credentials', detail)
  }
  // Recorded as exactly `OK`; `OK (v2)`, padding or case is still a yes, anything else is not.
  if (ack && !saysOk(said)) {
    throw new AppError('service_error', 'The service gave an answer Studbook does not know.', {
      ...detail,
      reason: text.slice(0, 200)
    })
  }
  return text
}

/** The service's reason inside our sentence, without its own closing full stop. */
const sentence = (reason: string): string => reason.replace(/[.\s]+$/, '')

/** The earlier service's update* answer 1 on success and 0 on failure (docs/protocol.md §7). */
export function inBandInt(op: OperationDef, value: number, detail: ErrorDetail): number {
  if (acknowledges(op) && value !== 1) {
    throw new AppError('service_error', 'The service did not apply the change.', {
      ...detail,
      reason: `${op.name} returned ${value}`
    })
  }
  return value
}

/** v3 JSON: `{"status":"error","message":...}` becomes its AppError (docs/protocol.md §5). */
export function inBandJson(value: unknown, detail: ErrorDetail): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError('bad_json', 'The service answered with unexpected JSON.', detail)
  }
  const obj = value as Record<string, unknown>
  // Recorded as `success` and `error`; another case or padding says the same.
  const status = typeof obj.status === 'string' ? obj.status.trim().toLowerCase() : null
  if (status === 'success') return obj.status === 'success' ? obj : { ...obj, status: 'success' }
  if (status === 'error') {
    const message = typeof obj.message === 'string' ? obj.message : ''
    const d = { ...detail, reason: message.slice(0, 200) }
    const kind = refusalIn(message)
    if (kind !== null) throw refusalError(kind, d)
    throw new AppError(
      'service_error',
      `The service refused the request: ${sentence(d.reason)}.`,
      d
    )
  }
  throw new AppError('bad_json', 'The service answered JSON without a status.', detail)
}
