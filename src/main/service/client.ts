import { AppError, isAppError } from '../../shared/errors'
import type { ErrorDetail } from '../../shared/errors'
import { DEFAULT_PATHS, findOperation } from '../../shared/protocol/operations'
import type { Binding, OperationDef, ServiceName } from '../../shared/protocol/operations'
import { decodeOffThread } from './decode-pool'
import type { DecodeInput } from './decode-response'
import { parseWsdl } from './discovery'
import type { DiscoveryEntry, DiscoveryResult, ServiceDescription } from './discovery'
import { redact } from './redact'
import { buildRequest } from './request'
import type { WireRequest } from './request'
import { backoffMs, shouldRetry, sleep } from './retry'
import { DEFAULT_MAX_BYTES, send } from './transport'
import type { FetchLike } from './transport'
import type { CallOptions, ServiceClientOptions } from './types'
import { checkBaseUrl } from './url-policy'

const SERVICES: readonly ServiceName[] = ['v2', 'v3', 'legacy']

/**
 * The order `binding: 'auto'` tries. HTTP POST first: the smallest bodies, production's own test form,
 * and it keeps secrets out of URLs (unlike GET). The first call is the probe; a refusal drops the
 * binding for the session and the same call falls back once, to SOAP 1.1. v3 answers JSON
 * only over the HTTP bindings (docs/protocol.md §5).
 */
const AUTO_ORDER: Readonly<Record<ServiceName, readonly Binding[]>> = {
  v2: ['httpPost', 'soap11', 'soap12', 'httpGet'],
  v3: ['httpPost', 'httpGet', 'soap11', 'soap12'],
  legacy: ['httpPost', 'soap11', 'soap12', 'httpGet']
}

export const DEFAULT_TIMEOUT_MS = 30_000
/** The longest "slow down" a call sits out inside its deadline; longer ones are reported. */
const MAX_RATE_WAIT_MS = 10_000

/** Parameters that carry a password: never sent in a URL, never remembered past the call. */
const PASSWORD_PARAMS: ReadonlySet<string> = new Set(['password', 'p'])
const carriesPassword = (op: OperationDef): boolean =>
  op.params.some((p) => PASSWORD_PARAMS.has(p.name))

export interface ClientCore {
  call(
    service: ServiceName,
    operation: string,
    params?: Readonly<Record<string, unknown>>,
    options?: CallOptions
  ): Promise<unknown>
  discover(signal?: AbortSignal): Promise<DiscoveryResult>
}

export function createCore(options: ServiceClientOptions): ClientCore {
  const base = checkBaseUrl(options.profile.baseUrl)
  const baseUrl = base.href.replace(/\/+$/, '')
  const fetchFn: FetchLike = options.fetch ?? ((r) => fetch(r))
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const deadlineOf = options.deadline ?? ((ms: number) => AbortSignal.timeout(ms))
  const retries = options.retries ?? 2
  const retryDelayMs = options.retryDelayMs ?? 250
  const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_BYTES
  const preferred = options.profile.binding ?? 'auto'
  const descriptions = new Map<ServiceName, Promise<ServiceDescription>>()
  const refused = new Set<string>()
  // Grows only: any secret ever used by this client is masked wherever it shows up later.
  const knownSecrets = new Set<string>()

  const pathOf = (s: ServiceName): string => options.profile.paths?.[s] ?? DEFAULT_PATHS[s]
  const configuredNs = (s: ServiceName): string | undefined =>
    s === 'legacy' ? options.profile.namespaces?.legacy : options.profile.namespaces?.api

  const clean = (text: string): string => redact(text, [...knownSecrets])
  const log = (level: 'debug' | 'warn', msg: string, data?: Record<string, unknown>): void => {
    const logger = options.logger
    if (logger === undefined) return
    const safe =
      data === undefined
        ? undefined
        : Object.fromEntries(
            Object.entries(data).map(([k, v]) => [k, typeof v === 'string' ? clean(v) : v])
          )
    logger[level](clean(msg), safe)
  }

  /** Every error leaving the client names operation, binding and status, and holds no secret. */
  const finish = (e: unknown, detail: ErrorDetail): AppError => {
    const err = isAppError(e)
      ? e
      : new AppError('internal', 'The service client failed unexpectedly.', detail)
    const merged: ErrorDetail = { ...detail, ...err.detail }
    const reason = merged.reason === undefined ? {} : { reason: clean(merged.reason) }
    return new AppError(err.code, clean(err.message), { ...merged, ...reason })
  }

  async function withDeadline<T>(
    signal: AbortSignal | undefined,
    run: (s: AbortSignal) => Promise<T>
  ): Promise<T> {
    const deadline = deadlineOf(timeoutMs)
    return run(signal === undefined ? deadline : AbortSignal.any([signal, deadline]))
  }

  async function withRetries<T>(
    retryable: boolean,
    signal: AbortSignal,
    run: () => Promise<T>
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run()
      } catch (e) {
        // A 429 was not processed, so even a write may go again, once the asked wait is short.
        const asked =
          isAppError(e) && e.code === 'rate_limited' ? e.detail?.retryAfterSeconds : null
        if (asked != null && asked * 1000 <= MAX_RATE_WAIT_MS && attempt < retries) {
          log('warn', `the service asked to wait ${asked} s`)
          if (!(await sleep(asked * 1000, signal))) throw e
          continue
        }
        if (
          !retryable ||
          !isAppError(e) ||
          !shouldRetry(e) ||
          attempt >= retries ||
          signal.aborted
        ) {
          throw e
        }
        const wait = backoffMs(attempt, retryDelayMs)
        log('warn', `retrying after ${e.code} in ${wait} ms`, { operation: e.detail?.operation })
        if (!(await sleep(wait, signal))) throw e
      }
    }
  }

  async function fetchDescription(
    service: ServiceName,
    signal: AbortSignal
  ): Promise<ServiceDescription> {
    const url = `${baseUrl}${pathOf(service)}?WSDL`
    const host = new URL(url).host
    const wire: WireRequest = { method: 'GET', url, headers: { Host: host }, body: null }
    const detail: ErrorDetail = { service, operation: 'WSDL', binding: 'httpGet' }
    const raw = await withRetries(true, signal, () => send(fetchFn, wire, signal, maxBytes, detail))
    if (raw.status !== 200) {
      throw new AppError('server_error', `The service description answered ${raw.status}.`, {
        ...detail,
        status: raw.status
      })
    }
    return parseWsdl(raw.body)
  }

  function description(service: ServiceName, signal: AbortSignal): Promise<ServiceDescription> {
    let p = descriptions.get(service)
    if (p === undefined) {
      p = fetchDescription(service, signal)
      descriptions.set(service, p)
      // A failed discovery is not cached: the next call tries again.
      p.catch(() => descriptions.delete(service))
    }
    return p
  }

  async function target(
    service: ServiceName,
    signal: AbortSignal,
    needBindings: boolean
  ): Promise<{ namespace: string; description: ServiceDescription | null }> {
    const ns = configuredNs(service)
    if (ns !== undefined && !needBindings) return { namespace: ns, description: null }
    try {
      const d = await description(service, signal)
      return { namespace: ns ?? d.namespace, description: d }
    } catch (e) {
      if (ns === undefined) throw e
      log('warn', `${service} description unavailable; using the configured namespace`)
      return { namespace: ns, description: null }
    }
  }

  function candidates(
    op: OperationDef,
    description: ServiceDescription | null,
    explicit: Binding | undefined
  ): Binding[] {
    if (explicit !== undefined) {
      if (!op.bindings.includes(explicit) || (explicit === 'httpGet' && carriesPassword(op))) {
        throw new AppError('binding_unsupported', `${op.name} is not offered over ${explicit}.`, {
          operation: op.name,
          service: op.service,
          binding: explicit
        })
      }
      return [explicit]
    }
    const offered = (b: Binding): boolean =>
      op.bindings.includes(b) &&
      !(b === 'httpGet' && carriesPassword(op)) &&
      !refused.has(`${op.service}:${b}`) &&
      (description === null || description.bindings[b].includes(op.name))
    if (preferred !== 'auto') {
      const order = [preferred, ...AUTO_ORDER[op.service].filter((b) => b !== preferred)]
      // A fixed binding is used as is; only SOAP-only operations move to SOAP.
      const usable =
        op.bindings.includes(preferred) && !(preferred === 'httpGet' && carriesPassword(op))
      return usable ? [preferred] : order.filter(offered).slice(0, 1)
    }
    const list = AUTO_ORDER[op.service].filter(offered)
    if (list.length === 0) {
      throw new AppError('binding_unsupported', `No binding is left for ${op.name}.`, {
        operation: op.name,
        service: op.service
      })
    }
    return list.slice(0, 2)
  }

  async function exchange(
    op: OperationDef,
    binding: Binding,
    namespace: string,
    values: Readonly<Record<string, unknown>>,
    signal: AbortSignal,
    onAttempt: (() => void) | undefined
  ): Promise<unknown> {
    const detail: ErrorDetail = { operation: op.name, service: op.service, binding }
    const wire = buildRequest(op, binding, { baseUrl, path: pathOf(op.service), namespace }, values)
    log('debug', `${op.service}.${op.name} over ${binding}`, {
      url: wire.url,
      body: wire.body ?? ''
    })
    onAttempt?.()
    const raw = await send(fetchFn, wire, signal, maxBytes, detail)
    const input: DecodeInput = {
      ...raw,
      service: op.service,
      operation: op.name,
      binding,
      namespace
    }
    // The same signal as the download's: one deadline covers the whole call, decoding included.
    return decodeOffThread(input, {
      signal,
      onFallback: (why) => {
        log('warn', `decoding inline: no worker (${why})`)
      }
    })
  }

  async function call(
    service: ServiceName,
    operation: string,
    params: Readonly<Record<string, unknown>> = {},
    callOptions: CallOptions = {}
  ): Promise<unknown> {
    const detail: ErrorDetail = { service, operation }
    // The password is masked during this call only; it is not kept once login answered.
    const password = passwordOf(params)
    if (password !== null) knownSecrets.add(password)
    try {
      const op = findOperation(service, operation)
      if (op === undefined) {
        throw new AppError('invalid_input', `${service} has no operation ${operation}.`, detail)
      }
      const secrets = await options.secrets()
      for (const v of [secrets.apiKey, secrets.userHash, ...secretParams(params)]) {
        if (v !== undefined && v !== '') knownSecrets.add(v)
      }
      const values: Record<string, unknown> = {}
      for (const p of op.params) {
        if (p.name === 'apiKey') values.apiKey = secrets.apiKey
        if (p.name === 'userHash' && secrets.userHash !== undefined)
          values.userHash = secrets.userHash
      }
      Object.assign(values, params)
      return await withDeadline(callOptions.signal, async (signal) =>
        withRetries(!op.write, signal, async () => {
          const explicit = callOptions.binding
          const needBindings = explicit === undefined && preferred === 'auto'
          const { namespace, description: d } = await target(service, signal, needBindings)
          const list = candidates(op, d, explicit)
          for (let i = 0; ; i++) {
            const binding = list[i] as Binding
            try {
              return await exchange(op, binding, namespace, values, signal, callOptions.onAttempt)
            } catch (e) {
              const next = list[i + 1]
              if (!isAppError(e) || e.code !== 'binding_unsupported' || explicit !== undefined)
                throw e
              refused.add(`${service}:${binding}`)
              if (next === undefined) throw e
              log('warn', `${binding} refused by the service; using ${next} for this session`)
            }
          }
        })
      )
    } catch (e) {
      const err = finish(e, detail)
      log('warn', `${service}.${operation} failed: ${err.code}`, { message: err.message })
      throw err
    } finally {
      if (password !== null) knownSecrets.delete(password)
    }
  }

  async function discover(signal?: AbortSignal): Promise<DiscoveryResult> {
    const entries = await Promise.all(
      SERVICES.map(async (s): Promise<[ServiceName, DiscoveryEntry]> => {
        try {
          const d = await withDeadline(signal, (sig) => description(s, sig))
          return [s, { ok: true, description: d }]
        } catch (e) {
          return [s, { ok: false, error: finish(e, { service: s, operation: 'WSDL' }) }]
        }
      })
    )
    return Object.fromEntries(entries) as Record<ServiceName, DiscoveryEntry>
  }

  return { call, discover }
}

function passwordOf(params: Readonly<Record<string, unknown>>): string | null {
  for (const k of PASSWORD_PARAMS) {
    const v = params[k]
    if (typeof v === 'string' && v !== '') return v
  }
  return null
}

function secretParams(params: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = []
  for (const k of ['apiKey', 'userHash']) {
    const v = params[k]
    if (typeof v === 'string') out.push(v)
  }
  return out
}
