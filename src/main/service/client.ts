import { AppError, isAppError } from '../../shared/errors'
import type { ErrorDetail } from '../../shared/errors'
import { findOperation, SERVICE_NAMES } from '../../shared/protocol/operations'
import type { Binding, OperationDef, ServiceName } from '../../shared/protocol/operations'
import { BindingChoice } from './binding-choice'
import { clientLog, clientSettings, SecretMask, withDeadline } from './client-settings'
import type { ClientLog, ClientSettings } from './client-settings'
import { decodeOffThread } from './decode-pool'
import type { DecodeInput } from './decode-response'
import { ServiceDescriptions } from './descriptions'
import type { DiscoveryEntry, DiscoveryResult } from './discovery'
import { buildRequest } from './request'
import { withRetries } from './retry'
import { passwordOf, secretParams } from './secret-params'
import { send } from './transport'
import type { CallOptions, ServiceClientOptions } from './types'

interface ClientCore {
  call(
    service: ServiceName,
    operation: string,
    params?: Readonly<Record<string, unknown>>,
    options?: CallOptions
  ): Promise<unknown>
  discover(signal?: AbortSignal): Promise<DiscoveryResult>
}

/** One request of a call: an operation over one binding, as the table and the profile say. */
interface Exchange {
  readonly op: OperationDef
  readonly binding: Binding
  readonly namespace: string
  readonly values: Readonly<Record<string, unknown>>
  readonly signal: AbortSignal
  readonly onAttempt: (() => void) | undefined
}

/**
 * A call: the profile's secrets filled in, one deadline over everything, reads retried (never a
 * write, the table's flag), and in auto mode a binding the service refused for an operation
 * dropped for that operation for the session.
 */
class Core implements ClientCore {
  private readonly settings: ClientSettings
  private readonly mask = new SecretMask()
  private readonly log: ClientLog
  private readonly descriptions: ServiceDescriptions
  private readonly bindings: BindingChoice

  constructor(private readonly options: ServiceClientOptions) {
    this.settings = clientSettings(options)
    this.log = clientLog(options.logger, this.mask)
    this.descriptions = new ServiceDescriptions(this.settings, this.log)
    this.bindings = new BindingChoice(this.settings.preferred)
  }

  private readonly warn = (msg: string, data?: Readonly<Record<string, unknown>>): void => {
    this.log('warn', msg, data)
  }

  async call(
    service: ServiceName,
    operation: string,
    params: Readonly<Record<string, unknown>> = {},
    callOptions: CallOptions = {}
  ): Promise<unknown> {
    const detail: ErrorDetail = { service, operation }
    // The password is masked during this call only; it is not kept once login answered.
    const password = passwordOf(params)
    if (password !== null) this.mask.add(password)
    try {
      const op = findOperation(service, operation)
      if (op === undefined) {
        throw new AppError('invalid_input', `${service} has no operation ${operation}.`, detail)
      }
      const values = await this.valuesFor(op, params)
      return await withDeadline(this.settings, callOptions.signal, (signal) =>
        withRetries(this.settings, this.warn, !op.write, signal, () =>
          this.attempt(op, values, signal, callOptions)
        )
      )
    } catch (e) {
      const err = this.mask.finish(e, detail)
      this.log('warn', `${service}.${operation} failed: ${err.code}`, { message: err.message })
      throw err
    } finally {
      if (password !== null) this.mask.forget(password)
    }
  }

  async discover(signal?: AbortSignal): Promise<DiscoveryResult> {
    const entries = await Promise.all(
      SERVICE_NAMES.map(async (s): Promise<[ServiceName, DiscoveryEntry]> => {
        try {
          const d = await withDeadline(this.settings, signal, (sig) =>
            this.descriptions.get(s, sig)
          )
          return [s, { ok: true, description: d }]
        } catch (e) {
          return [s, { ok: false, error: this.mask.finish(e, { service: s, operation: 'WSDL' }) }]
        }
      })
    )
    return Object.fromEntries(entries) as Record<ServiceName, DiscoveryEntry>
  }

  /** The call's values over the profile's apiKey and userHash; every secret seen is masked from now on. */
  private async valuesFor(
    op: OperationDef,
    params: Readonly<Record<string, unknown>>
  ): Promise<Record<string, unknown>> {
    const secrets = await this.options.secrets()
    for (const v of [secrets.apiKey, secrets.userHash, ...secretParams(params)]) this.mask.add(v)
    const values: Record<string, unknown> = {}
    for (const p of op.params) {
      if (p.name === 'apiKey') values.apiKey = secrets.apiKey
      if (p.name === 'userHash' && secrets.userHash !== undefined)
        values.userHash = secrets.userHash
    }
    return Object.assign(values, params)
  }

  /** One attempt: the first candidate binding, and in auto mode the fallback when it is refused. */
  private async attempt(
    op: OperationDef,
    values: Readonly<Record<string, unknown>>,
    signal: AbortSignal,
    callOptions: CallOptions
  ): Promise<unknown> {
    const explicit = callOptions.binding
    const needBindings = this.bindings.needsDescription(explicit)
    const { namespace, description } = await this.descriptions.target(
      op.service,
      signal,
      needBindings
    )
    const list = this.bindings.candidates(op, description, explicit)
    for (let i = 0; ; i++) {
      const binding = list[i] as Binding
      try {
        const onAttempt = callOptions.onAttempt
        return await this.exchange({ op, binding, namespace, values, signal, onAttempt })
      } catch (e) {
        const next = list[i + 1]
        if (!isAppError(e) || e.code !== 'binding_unsupported' || explicit !== undefined) throw e
        this.bindings.refuse(op, binding)
        if (next === undefined) throw e
        this.warn(
          `${op.name} over ${binding} refused by the service; using ${next} for this session`
        )
      }
    }
  }

  private async exchange(x: Exchange): Promise<unknown> {
    const { op, binding, namespace, signal } = x
    const settings = this.settings
    const detail: ErrorDetail = { operation: op.name, service: op.service, binding }
    const wire = buildRequest(
      op,
      binding,
      { baseUrl: settings.baseUrl, path: settings.pathOf(op.service), namespace },
      x.values
    )
    this.log('debug', `${op.service}.${op.name} over ${binding}`, {
      url: wire.url,
      body: wire.body ?? ''
    })
    x.onAttempt?.()
    const raw = await send(settings.fetch, wire, signal, settings.maxBytes, detail)
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
        this.warn(`decoding inline: no worker (${why})`)
      }
    })
  }
}

/** Throws AppError `insecure_url` at once for a non-loopback http:// base URL. */
export function createCore(options: ServiceClientOptions): ClientCore {
  return new Core(options)
}
