import { AppError } from '../../shared/errors'
import type { ErrorDetail } from '../../shared/errors'
import { acknowledges } from '../../shared/protocol/operations'
import type { OperationDef } from '../../shared/protocol/operations'

const ERROR_PREFIX = 'ERROR: '

/**
 * Maps the in-band answers of string and int operations (docs/protocol.md §4) to AppError; what remains
 * is the operation's value: `OK` for writes and checkKey, the userHash for login, a user name for
 * checkUserHash.
 */
export function inBandString(op: OperationDef, text: string, detail: ErrorDetail): string {
  if (text === 'INVALIDKEY') throw new AppError('invalid_key', 'The API key was refused.', detail)
  if (text === 'API limit exceeded') {
    throw new AppError('limit_exceeded', 'The daily allowance of the API key is used up.', detail)
  }
  if (text.startsWith(ERROR_PREFIX)) {
    const reason = text.slice(ERROR_PREFIX.length).trim()
    const d = { ...detail, reason }
    if (reason === 'invalid userHash') {
      throw new AppError('invalid_user_hash', 'The sign-in is no longer valid.', d)
    }
    if (reason === 'invalid username and/or password') {
      throw new AppError('invalid_credentials', 'The user name or password is wrong.', d)
    }
    throw new AppError('service_error', `The service refused the change: ${reason}.`, d)
  }
  if (op.name === 'checkUserHash' && text === 'INVALID') {
    throw new AppError('invalid_user_hash', 'The sign-in is no longer valid.', detail)
  }
  if (op.service === 'legacy' && op.name === 'login' && text === '') {
    throw new AppError('invalid_credentials', 'The user name or password is wrong.', detail)
  }
  // Recorded as exactly `OK`; padding or case is still a yes, anything else is not.
  if (acknowledges(op) && text.trim().toUpperCase() !== 'OK') {
    throw new AppError('service_error', 'The service gave an answer Studbook does not know.', {
      ...detail,
      reason: text.slice(0, 200)
    })
  }
  return text
}

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

const V3_MESSAGES = new Map<string, [AppError['code'], string]>([
  ['Invalid API key', ['invalid_key', 'The API key was refused.']],
  ['Invalid username or password', ['invalid_credentials', 'The user name or password is wrong.']],
  ['Invalid user hash', ['invalid_user_hash', 'The sign-in is no longer valid.']],
  ['API limit exceeded', ['limit_exceeded', 'The daily allowance of the API key is used up.']]
])

/** v3 JSON: `{"status":"error","message":...}` becomes its AppError (docs/protocol.md §5). */
export function inBandJson(value: unknown, detail: ErrorDetail): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError('bad_json', 'The service answered with unexpected JSON.', detail)
  }
  const obj = value as Record<string, unknown>
  if (obj.status === 'success') return obj
  if (obj.status === 'error') {
    const message = typeof obj.message === 'string' ? obj.message : ''
    const known = V3_MESSAGES.get(message)
    const d = { ...detail, reason: message.slice(0, 200) }
    if (known !== undefined) throw new AppError(known[0], known[1], d)
    throw new AppError('service_error', `The service refused the request: ${d.reason}.`, d)
  }
  throw new AppError('bad_json', 'The service answered JSON without a status.', detail)
}
