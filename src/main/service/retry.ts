import type { AppError, ErrorCode } from '../../shared/errors'

/** Transient failures worth another try for a read; the deadline is total, so timeouts are not. */
const RETRY_ON: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'offline',
  'connection_reset',
  'truncated_body',
  'soap_fault_server',
  'html_error_page'
])

export function shouldRetry(e: AppError): boolean {
  return RETRY_ON.has(e.code)
}

/** Full-jitter exponential backoff: a random wait in [0, base·2^attempt], so clients do not sync up. */
export function backoffMs(
  attempt: number,
  baseMs: number,
  random: () => number = Math.random
): number {
  return Math.round(random() * baseMs * 2 ** attempt)
}

/** Resolves true after `ms`, or false as soon as the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
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
