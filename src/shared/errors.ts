/**
 * AppError: the one error shape that crosses every boundary (service client → app services → IPC →
 * renderer). Codes are a closed union; the renderer maps each to a message and an action in one module.
 */
export const ERROR_CODES = [
  // input and app state
  'invalid_input',
  'not_found',
  'forbidden',
  'cancelled',
  'conflict',
  'internal',
  // transport
  'offline',
  'timeout',
  'connection_reset',
  'truncated_body',
  'body_too_large',
  'insecure_url',
  // decoding
  'bad_xml',
  'bad_json',
  // a record that breaks the protocol's schema (a v3 page is refused whole)
  'bad_record',
  'unexpected_root',
  'unexpected_content_type',
  'unexpected_empty_body',
  // the service said no
  'soap_fault_client',
  'soap_fault_server',
  'server_error',
  'html_error_page',
  'binding_unsupported',
  'invalid_key',
  'invalid_user_hash',
  'invalid_credentials',
  'service_error',
  'limit_exceeded',
  'rate_limited',
  'service_moved',
  // local resources
  'keychain_unavailable',
  'db_from_future',
  'db_error',
  // the disk holding the data folder has no room: nothing is lost, writes are tried again
  'disk_full',
  // the database file is damaged (a read hit a bad page); start-up offers a recovery
  'db_damaged',
  // another writer (a restore being applied by its worker) holds the data file: nothing was written
  'db_busy',
  'file_error',
  // a worker process died twice during one call
  'worker_crashed'
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** Request summary kept with an error: never a secret, never raw XML. */
export interface ErrorDetail {
  readonly operation?: string
  readonly service?: string
  readonly binding?: string
  readonly status?: number
  /** The service's own reason text, e.g. the part after `ERROR: `. */
  readonly reason?: string
  readonly field?: string
  /** How long the service asked to wait (429 Retry-After), in seconds. */
  readonly retryAfterSeconds?: number
}

export interface AppErrorData {
  readonly code: ErrorCode
  readonly message: string
  readonly retryable: boolean
  readonly detail?: ErrorDetail
}

const RETRYABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'offline',
  'timeout',
  'connection_reset',
  'truncated_body',
  'soap_fault_server',
  'server_error',
  'html_error_page',
  'disk_full',
  'db_busy'
])

export class AppError extends Error implements AppErrorData {
  readonly code: ErrorCode
  readonly retryable: boolean
  readonly detail?: ErrorDetail

  constructor(
    code: ErrorCode,
    message: string,
    detail?: ErrorDetail,
    options?: { cause?: unknown }
  ) {
    super(message, options)
    this.name = 'AppError'
    this.code = code
    this.retryable = RETRYABLE.has(code)
    if (detail !== undefined) this.detail = detail
  }

  toJSON(): AppErrorData {
    return {
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      ...(this.detail ? { detail: this.detail } : {})
    }
  }

  static from(data: AppErrorData): AppError {
    return new AppError(data.code, data.message, data.detail)
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError
}

export function isErrorCode(v: unknown): v is ErrorCode {
  return typeof v === 'string' && (ERROR_CODES as readonly string[]).includes(v)
}

/** Any thrown value as plain AppError data; unknown errors become `internal` with a neutral message. */
export function toAppErrorData(e: unknown): AppErrorData {
  if (e instanceof AppError) return e.toJSON()
  return { code: 'internal', message: 'Something went wrong inside Studbook.', retryable: false }
}
