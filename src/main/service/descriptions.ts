import { AppError } from '../../shared/errors'
import type { ErrorDetail } from '../../shared/errors'
import type { ServiceName } from '../../shared/protocol/operations'
import type { ClientLog, ClientSettings } from './client-settings'
import { decodeOffThread } from './decode-pool'
import type { ServiceDescription } from './discovery'
import type { WireRequest } from './request'
import { withRetries } from './retry'
import { sendForBytes } from './transport'

/** Where a call goes: the namespace to use, and the service's description when it was read. */
interface CallTarget {
  readonly namespace: string
  readonly description: ServiceDescription | null
}

/**
 * Each service's ?WSDL, asked for once per session (one client is one profile's session,
 * docs/protocol.md §1). Whatever the service answered is kept, a 404 or a page that is not a WSDL
 * too: a service without v3 answered 404 on every v3 call before. Only a read that got no answer
 * (offline, dropped, timed out, cancelled) is forgotten, since it says nothing of the service.
 */
export class ServiceDescriptions {
  private readonly cache = new Map<ServiceName, Promise<ServiceDescription>>()

  constructor(
    private readonly settings: ClientSettings,
    private readonly log: ClientLog
  ) {}

  get(service: ServiceName, signal: AbortSignal): Promise<ServiceDescription> {
    let p = this.cache.get(service)
    if (p === undefined) {
      const answered = { yes: false }
      p = this.fetch(service, signal, answered)
      this.cache.set(service, p)
      p.catch(() => {
        if (!answered.yes) this.cache.delete(service)
      })
    }
    return p
  }

  /**
   * The namespace the profile names, else the discovered one. The description is read when the
   * bindings it offers are needed, or when no namespace is configured.
   */
  async target(
    service: ServiceName,
    signal: AbortSignal,
    needBindings: boolean
  ): Promise<CallTarget> {
    const ns = this.settings.configuredNamespace(service)
    if (ns !== undefined && !needBindings) return { namespace: ns, description: null }
    try {
      const d = await this.get(service, signal)
      return { namespace: ns ?? d.namespace, description: d }
    } catch (e) {
      if (ns === undefined) throw e
      this.log('warn', `${service} description unavailable; using the configured namespace`)
      return { namespace: ns, description: null }
    }
  }

  private async fetch(
    service: ServiceName,
    signal: AbortSignal,
    answered: { yes: boolean }
  ): Promise<ServiceDescription> {
    const { settings } = this
    const url = `${settings.baseUrl}${settings.pathOf(service)}?WSDL`
    const wire: WireRequest = {
      method: 'GET',
      url,
      headers: { Host: new URL(url).host },
      body: null
    }
    const detail: ErrorDetail = { service, operation: 'WSDL', binding: 'httpGet' }
    const raw = await withRetries(
      settings,
      (msg, data) => {
        this.log('warn', msg, data)
      },
      true,
      signal,
      () => sendForBytes(settings.fetch, wire, signal, settings.maxBytes, detail)
    )
    answered.yes = true
    if (raw.status !== 200) {
      throw new AppError('server_error', `The service description answered ${raw.status}.`, {
        ...detail,
        status: raw.status
      })
    }
    // Read where answers are decoded: a 110 kB description parsed here held the main thread.
    return (await decodeOffThread(
      {
        service,
        operation: 'WSDL',
        binding: 'httpGet',
        namespace: '',
        status: raw.status,
        contentType: raw.contentType,
        bytes: raw.bytes,
        reading: 'description'
      },
      { signal }
    )) as ServiceDescription
  }
}
