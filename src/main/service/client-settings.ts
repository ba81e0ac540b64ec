import { AppError, isAppError } from '../../shared/errors'
import type { ErrorDetail } from '../../shared/errors'
import { DEFAULT_PATHS } from '../../shared/protocol/operations'
import type { Binding, ServiceName } from '../../shared/protocol/operations'
import { redact } from './redact'
import { DEFAULT_MAX_BYTES } from './transport'
import type { FetchLike } from './transport'
import type { ServiceClientOptions, ServiceLogger } from './types'
import { checkBaseUrl } from './url-policy'

const DEFAULT_TIMEOUT_MS = 30_000

/** A client's options with every default filled in; fixed for the client's life. */
export interface ClientSettings {
  readonly baseUrl: string
  readonly fetch: FetchLike
  readonly timeoutMs: number
  readonly deadline: (ms: number) => AbortSignal
  readonly retries: number
  readonly retryDelayMs: number
  readonly maxBytes: number
  readonly preferred: 'auto' | Binding
  pathOf(service: ServiceName): string
  /** The namespace the profile names for a service, if any (else it is discovered). */
  configuredNamespace(service: ServiceName): string | undefined
}

/** Throws AppError `insecure_url` for a non-loopback http:// base URL. */
export function clientSettings(options: ServiceClientOptions): ClientSettings {
  const { profile } = options
  return {
    baseUrl: checkBaseUrl(profile.baseUrl).href.replace(/\/+$/, ''),
    fetch: options.fetch ?? ((r) => fetch(r)),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    deadline: options.deadline ?? ((ms) => AbortSignal.timeout(ms)),
    retries: options.retries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 250,
    maxBytes: options.maxBodyBytes ?? DEFAULT_MAX_BYTES,
    preferred: profile.binding ?? 'auto',
    pathOf: (s) => profile.paths?.[s] ?? DEFAULT_PATHS[s],
    configuredNamespace: (s) =>
      s === 'legacy' ? profile.namespaces?.legacy : profile.namespaces?.api
  }
}

/** Runs `run` under the call's deadline, joined with the caller's signal when there is one. */
export function withDeadline<T>(
  settings: ClientSettings,
  signal: AbortSignal | undefined,
  run: (s: AbortSignal) => Promise<T>
): Promise<T> {
  const deadline = settings.deadline(settings.timeoutMs)
  return run(signal === undefined ? deadline : AbortSignal.any([signal, deadline]))
}

/**
 * The secrets a client has used, masked wherever they show up later (logs, errors). It only grows,
 * except for a password, which is masked during its own call and then forgotten.
 */
export class SecretMask {
  private readonly known = new Set<string>()

  add(value: string | undefined): void {
    if (value !== undefined && value !== '') this.known.add(value)
  }

  forget(value: string): void {
    this.known.delete(value)
  }

  clean(text: string): string {
    return redact(text, [...this.known])
  }

  /** Every error leaving the client names operation, binding and status, and holds no secret. */
  finish(e: unknown, detail: ErrorDetail): AppError {
    const err = isAppError(e)
      ? e
      : new AppError('internal', 'The service client failed unexpectedly.', detail)
    const merged: ErrorDetail = { ...detail, ...err.detail }
    const reason = merged.reason === undefined ? {} : { reason: this.clean(merged.reason) }
    return new AppError(err.code, this.clean(err.message), { ...merged, ...reason })
  }
}

/** The client's log lines, secrets masked; silent without a logger. */
export type ClientLog = (
  level: 'debug' | 'warn',
  msg: string,
  data?: Readonly<Record<string, unknown>>
) => void

export function clientLog(logger: ServiceLogger | undefined, mask: SecretMask): ClientLog {
  return (level, msg, data) => {
    if (logger === undefined) return
    const safe =
      data === undefined
        ? undefined
        : Object.fromEntries(
            Object.entries(data).map(([k, v]) => [k, typeof v === 'string' ? mask.clean(v) : v])
          )
    logger[level](mask.clean(msg), safe)
  }
}
