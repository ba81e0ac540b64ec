import type { AppErrorData, ErrorCode } from '../../../shared/errors'
import { isAppError } from '../../../shared/errors'

/** What the user can do about an error; the UI turns each into a button. */
type ErrorAction =
  'retry' | 'settings' | 'signIn' | 'useDemo' | 'reload' | 'fixInput' | 'dismiss' | 'wait'

/** Transient errors become a toast; fatal ones replace the screen until acted on. */
type Presentation = 'toast' | 'fatal'

export interface ErrorView {
  readonly code: ErrorCode
  readonly title: string
  readonly message: string
  readonly action: ErrorAction
  readonly presentation: Presentation
  /** The service's own reason, shown small under the message when present. */
  readonly reason: string | null
}

type Entry = readonly [title: string, message: string, action: ErrorAction, fatal?: 'fatal']

const SERVICE_CHANGED = 'The service answered in a way Studbook does not understand.'

const TABLE: Readonly<Record<ErrorCode, Entry>> = {
  invalid_input: ['Check this value', 'Some of what you entered is not valid.', 'fixInput'],
  not_found: ['Not found', 'That item no longer exists here.', 'dismiss'],
  forbidden: ['Access refused', 'This window is not allowed to talk to Studbook.', 'reload'],
  cancelled: ['Cancelled', 'The work was stopped.', 'dismiss'],
  conflict: ['Changed elsewhere', 'This changed on the service too. Choose which to keep.', 'wait'],
  internal: ['Something went wrong', 'Studbook hit an internal problem.', 'retry'],
  worker_crashed: ['Something stopped', 'Part of Studbook stopped while doing this.', 'retry'],
  offline: ['Offline', 'You are offline. Edits are kept and will sync later.', 'retry'],
  timeout: ['Service is slow', 'The service took too long to answer.', 'retry'],
  connection_reset: ['Connection dropped', 'The connection to the service dropped.', 'retry'],
  truncated_body: ['Incomplete answer', 'The service answer was cut off.', 'retry'],
  body_too_large: ['Answer too large', 'The service sent far more data than expected.', 'dismiss'],
  insecure_url: ['Insecure address', 'Use an https:// address for the service.', 'settings'],
  bad_xml: ['Unreadable answer', SERVICE_CHANGED, 'retry'],
  bad_json: ['Unreadable answer', SERVICE_CHANGED, 'retry'],
  bad_record: ['Unexpected answer', SERVICE_CHANGED, 'retry'],
  unexpected_root: ['Unexpected answer', SERVICE_CHANGED, 'settings'],
  unexpected_content_type: ['Unexpected answer', SERVICE_CHANGED, 'settings'],
  unexpected_empty_body: ['Empty answer', 'The service sent an empty answer.', 'retry'],
  soap_fault_client: ['Request refused', 'The service refused the request.', 'settings'],
  soap_fault_server: ['Service problem', 'The service had a problem; try again soon.', 'retry'],
  server_error: ['Service problem', 'The service had a problem; try again soon.', 'retry'],
  html_error_page: ['Service unavailable', 'The service returned an error page.', 'retry'],
  binding_unsupported: [
    'Request format refused',
    'The service refused the request formats Studbook tried.',
    'settings'
  ],
  invalid_key: ['API key refused', 'The service does not accept this API key.', 'settings'],
  invalid_user_hash: ['Signed out', 'Your sign-in has expired. Sign in again.', 'signIn'],
  invalid_credentials: ['Sign-in failed', 'The username or password is not right.', 'signIn'],
  service_error: ['Service said no', 'The service could not do that.', 'dismiss'],
  limit_exceeded: [
    'Daily allowance used',
    'The daily allowance of the service is used up; sync resumes tomorrow.',
    'wait'
  ],
  rate_limited: [
    'Service busy',
    'The service asked Studbook to slow down; sync tries again later. Nothing is lost.',
    'wait'
  ],
  service_moved: [
    'Service moved',
    'The service answered from another address. Check the service address in Settings.',
    'settings'
  ],
  keychain_unavailable: [
    'Keychain unavailable',
    'Secrets cannot be remembered on this computer; you will sign in again next time.',
    'settings'
  ],
  db_from_future: [
    'Data from a newer Studbook',
    'Your data was written by a newer version of Studbook. Update Studbook to open it.',
    'useDemo',
    'fatal'
  ],
  db_error: ['Data problem', 'Studbook could not read or write its data.', 'reload', 'fatal'],
  disk_full: [
    'Disk full',
    'The disk that holds your Studbook data is full, so this was not saved. Free some space: ' +
      'edits already saved are kept and sent once there is room.',
    'retry'
  ],
  db_damaged: [
    'Data file damaged',
    'Part of your Studbook data file is damaged. Quit and start Studbook again: it offers to ' +
      'restore your last backup or start fresh, keeping the damaged file.',
    'reload',
    'fatal'
  ],
  db_busy: [
    'Busy for a moment',
    'Studbook is writing a large change (a restore, import or bulk edit), so this was not saved. Try again in a moment.',
    'retry'
  ],
  file_error: ['File problem', 'Studbook could not read or write that file.', 'dismiss']
}

export const ACTION_LABELS: Readonly<Record<ErrorAction, string>> = {
  retry: 'Try again',
  settings: 'Open settings',
  signIn: 'Sign in',
  useDemo: 'Use the demo catalogue',
  reload: 'Reload',
  fixInput: 'Edit',
  dismiss: 'Dismiss',
  wait: 'OK'
}

/**
 * Codes whose main-side message is written for the user and says what the table cannot: a binding
 * refusal names the request formats tried ("… tried for getThemes: HTTP POST, SOAP 1.1 …"), which
 * differ by service. The table's text stands in when the message is empty.
 */
const MAIN_SIDE_WORDS: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['binding_unsupported'])

/** The one place an AppError becomes words and a next step. */
export function describeError(error: AppErrorData): ErrorView {
  const [title, fixed, action, fatal] = TABLE[error.code]
  const own = error.message.trim()
  const message = MAIN_SIDE_WORDS.has(error.code) && own !== '' ? own : fixed
  const reason = error.detail?.reason ?? (error.code === 'invalid_input' ? error.message : null)
  return {
    code: error.code,
    title,
    message,
    action,
    presentation: fatal ?? 'toast',
    reason: reason === null || reason === '' ? null : reason
  }
}

/** Anything caught in the renderer, as error data the table understands. */
export function errorData(e: unknown): AppErrorData {
  if (isAppError(e)) return e.toJSON()
  return { code: 'internal', message: 'Something went wrong inside Studbook.', retryable: false }
}
