import { AppError, isAppError } from '../../shared/errors'
import type { ErrorDetail } from '../../shared/errors'
import { findOperation, SERVICE_NAMES } from '../../shared/protocol/operations'
import type { Binding, OperationDef, ServiceName } from '../../shared/protocol/operations'
import { BindingChoice } from './binding-choice'
import { clientLog, clientSettings, SecretMask, withDeadline } from './client-settings'
import type { ClientLog, ClientSettings } from './client-settings'
import { asText } from './answer-bytes'
import type { PoolInput } from './answer-bytes'
import { decodeOffThread } from './decode-pool'
import { ServiceDescriptions } from './descriptions'
import type { DiscoveryEntry, DiscoveryResult } from './discovery'
import { buildRequest } from './request'
import { withRetries } from './retry'
import { everyBindingRefused, Refused, refusalOf } from './refusals'
import { passwordOf, secretParams } from './secret-params'
import { sendForBytes } from './transport'
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
  readonly listAway: CallOptions['listAway']
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
        this.attempt(op, values, signal, callOptions)
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

  /**
   * The call over its bindings (docs/protocol.md §4). Each binding gets the retries a read is due;
   * a refusal moves on to the next binding at once, and the one that answers is remembered for the
   * service. A fixed binding is used alone and its errors are the call's.
   */
  private async attempt(
    op: OperationDef,
    values: Readonly<Record<string, unknown>>,
    signal: AbortSignal,
    callOptions: CallOptions
  ): Promise<unknown> {
    const explicit = callOptions.binding
    const fallsBack = this.bindings.needsDescription(explicit)
    const { namespace, description } = await this.descriptions.target(op.service, signal, fallsBack)
    const list = this.bindings.candidates(op, description, explicit)
    const onAttempt = callOptions.onAttempt
    const over = (binding: Binding): Exchange => ({
      op,
      binding,
      namespace,
      values,
      signal,
      onAttempt,
      listAway: callOptions.listAway
    })
    if (!fallsBack) {
      return withRetries(this.settings, this.warn, !op.write, signal, () =>
        this.exchange(over(list[0] as Binding))
      )
    }
    const maybe: Binding[] = []
    let last: AppError | null = null
    for (const binding of list) {
      const worked = this.bindings.hasWorked(op, binding)
      try {
        const value = await withRetries(this.settings, this.warn, !op.write, signal, () =>
          this.exchange(over(binding)).catch((e: unknown) => {
            const kind = refusalOf(e)
            // Over a binding that has answered, an error page is a fault of this call, not a refusal.
            if (kind === 'certain' || (kind === 'maybe' && !worked)) {
              throw new Refused(e as AppError, kind)
            }
            throw e
          })
        )
        this.bindings.succeeded(op, binding)
        // An error page is taken as a refusal only now that another binding answered.
        for (const b of maybe) this.bindings.refuse(op, b)
        return value
      } catch (e) {
        if (!(e instanceof Refused)) throw e
        last = e.error
        if (e.kind === 'certain') this.bindings.refuse(op, binding)
        else maybe.push(binding)
        this.warn(`${op.name} over ${binding} refused by the service (${e.error.code})`)
      }
    }
    // Named in the order tried, those refused by earlier calls of this session first.
    const earlier = this.bindings.refusedFor(op).filter((b) => !list.includes(b))
    throw everyBindingRefused(op.name, [...earlier, ...list], last)
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
    for (let asked = 1; ; asked++) {
      x.onAttempt?.()
      const raw = await sendForBytes(settings.fetch, wire, signal, settings.maxBytes, detail)
      const meta = { service: op.service, operation: op.name, binding, namespace }
      // A read's body goes to the decoder as bytes; a write's as text, which the decoder keeps to
      // try again on a fresh worker should its worker die, since a write is never sent twice.
      const input: PoolInput = op.write
        ? asText({ ...meta, status: raw.status, contentType: raw.contentType, bytes: raw.bytes })
        : { ...meta, status: raw.status, contentType: raw.contentType, bytes: raw.bytes }
      try {
        // The same signal as the download's: one deadline covers the whole call, decoding included.
        return await decodeOffThread(input, {
          signal,
          ...(x.listAway === undefined ? {} : { listAway: x.listAway }),
          onFallback: (why) => {
            this.warn(`decoding inline: no worker (${why})`)
          }
        })
      } catch (e) {
        // The bytes of a read went with a worker that died: asked once more, on a fresh worker.
        if (op.write || asked > 1 || !isAppError(e) || e.code !== 'worker_crashed') throw e
        this.warn(`${op.name}: the decoder stopped; asking again`)
      }
    }
  }
}

/** Throws AppError `insecure_url` at once for a non-loopback http:// base URL. */
export function createCore(options: ServiceClientOptions): ClientCore {
  return new Core(options)
}
