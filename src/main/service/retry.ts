import { isAppError } from '../../shared/errors'
import type { AppError, ErrorCode } from '../../shared/errors'

/** Transient failures worth another try for a read; the deadline is total, so timeouts are not. */
const RETRY_ON: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'offline',
  'connection_reset',
  'truncated_body',
  'soap_fault_server',
  'html_error_page'
])

function shouldRetry(e: AppError): boolean {
  return RETRY_ON.has(e.code)
}

/** Full-jitter exponential backoff: a random wait in [0, base·2^attempt], so clients do not sync up. */
function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  return Math.round(random() * baseMs * 2 ** attempt)
}

/** Resolves true after `ms`, or false as soon as the signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(false)
      return
    }
    const done = (): void => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve(!signal.aborted)
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

/** The longest "slow down" a call sits out inside its deadline; longer ones are reported. */
const MAX_RATE_WAIT_MS = 10_000

interface RetryPolicy {
  /** Extra attempts after the first. */
  readonly retries: number
  readonly retryDelayMs: number
}

/**
 * Runs `run` again after a transient failure (only when `retryable`: never a write) with jittered
 * backoff, and after a short 429 wait (even a write: the service did not process it).
 */
export async function withRetries<T>(
  policy: RetryPolicy,
  log: (msg: string, data?: Readonly<Record<string, unknown>>) => void,
  retryable: boolean,
  signal: AbortSignal,
  run: () => Promise<T>
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run()
    } catch (e) {
      const asked = isAppError(e) && e.code === 'rate_limited' ? e.detail?.retryAfterSeconds : null
      if (asked != null && asked * 1000 <= MAX_RATE_WAIT_MS && attempt < policy.retries) {
        log(`the service asked to wait ${asked} s`)
        if (!(await sleep(asked * 1000, signal))) throw e
        continue
      }
      if (
        !retryable ||
        !isAppError(e) ||
        !shouldRetry(e) ||
        attempt >= policy.retries ||
        signal.aborted
      ) {
        throw e
      }
      const wait = backoffMs(attempt, policy.retryDelayMs)
      log(`retrying after ${e.code} in ${wait} ms`, { operation: e.detail?.operation })
      if (!(await sleep(wait, signal))) throw e
    }
  }
}
