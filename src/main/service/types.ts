import type { Binding, ServiceName } from '../../shared/protocol/operations'
import type { FetchLike } from './transport'
import type { ListAway } from './away-list'

interface ServiceProfile {
  /** e.g. http://127.0.0.1:8123 (loopback only) or https://... */
  baseUrl: string
  /** Default DEFAULT_PATHS from src/shared/protocol/operations.ts. */
  paths?: Partial<Record<ServiceName, string>>
  /** Default: discovered from each service's ?WSDL. */
  namespaces?: { api?: string; legacy?: string }
  /**
   * Default 'auto': HTTP POST first, then each other binding the operation offers until one answers
   * (docs/protocol.md §4); v3 over HTTP POST or GET; setCollectionDetail over SOAP. A fixed binding is used for
   * every operation that offers it (SOAP-only operations move to SOAP) and never falls back.
   */
  binding?: 'auto' | Binding
}

interface ServiceSecrets {
  apiKey: string
  userHash?: string
}

export interface ServiceLogger {
  debug(msg: string, data?: unknown): void
  warn(msg: string, data?: unknown): void
}

export interface ServiceClientOptions {
  profile: ServiceProfile
  /** apiKey/userHash parameters are filled from here when a call does not give them. */
  secrets: () => ServiceSecrets | Promise<ServiceSecrets>
  /** Injectable transport: demo mode passes the in-process reference service's handle(). */
  fetch?: FetchLike
  /** Total deadline of one call (download and decode, retries included). Default 30 s. */
  timeoutMs?: number
  /**
   * The clock behind that deadline: a signal that fires with a TimeoutError after `ms`. Default
   * `AbortSignal.timeout`; tests pass one they fire at a chosen moment instead of waiting.
   */
  deadline?: (ms: number) => AbortSignal
  logger?: ServiceLogger
  /** Extra attempts for reads after a transient failure (writes are never retried here). Default 2. */
  retries?: number
  /** Base of the jittered exponential backoff. Default 250 ms. */
  retryDelayMs?: number
  /** Response body cap in bytes. Default 16 MiB. */
  maxBodyBytes?: number
}

export interface CallOptions {
  signal?: AbortSignal
  /** Forces one binding for this call: no discovery of bindings, no fallback. */
  binding?: Binding
  /** Called as each request of this call is sent (retries included), e.g. to count an allowance. */
  onAttempt?: () => void
  /**
   * The answer's list goes from the decode worker to a port the caller hands on, never into this
   * thread's heap (away-list.ts): the list is then an AwayList. A list decoded inline stays one.
   */
  listAway?: ListAway
}
