import { createCore } from './client'
import type { DiscoveryResult } from './discovery'
import { serviceApi } from './typed-api'
import type { GenericCall, LegacyApi, V2Api, V3Api } from './typed-api'
import type { ServiceClientOptions } from './types'

export type { CallOptions } from './types'
export type * from './typed-api'
export type { FetchLike } from './transport'
export { redact } from './redact'
export { stopDecodeWorker } from './decode-pool'
export { createPictureFetcher } from './picture-fetch'
export type { PictureFetchOptions } from './picture-fetch'
export { checkBaseUrl } from './url-policy'
export { warmFetch } from './warm-fetch'

export interface ServiceClient {
  /**
   * The generic, table-driven call the typed calls go through, for code that walks the whole table
   * (the binding matrix). Feature code uses the typed calls; lint refuses a stringly call there.
   */
  readonly call: GenericCall
  readonly v2: V2Api
  readonly v3: V3Api
  readonly legacy: LegacyApi
  /** Reads each service's ?WSDL (namespace, operations, bindings) and caches it for the session. */
  discover(signal?: AbortSignal): Promise<DiscoveryResult>
}

function clientOver(call: GenericCall, discover: ServiceClient['discover']): ServiceClient {
  return {
    call,
    v2: serviceApi('v2', call),
    v3: serviceApi('v3', call),
    legacy: serviceApi('legacy', call),
    discover
  }
}

/**
 * The service client (issue #4): every operation of the shared table over every binding it offers.
 * Throws AppError `insecure_url` at once for a non-loopback http:// base URL.
 */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const core = createCore(options)
  return clientOver(
    (service, operation, params, opts) => core.call(service, operation, params, opts),
    (signal) => core.discover(signal)
  )
}

/**
 * `client`, each of whose calls also ends when `signal` fires (AppError `cancelled`): work that
 * makes many calls (a push round) stops in the middle of one, not after the service answers.
 */
export function withSignal(client: ServiceClient, signal: AbortSignal): ServiceClient {
  return clientOver(
    (service, operation, params, opts = {}) =>
      client.call(service, operation, params, {
        ...opts,
        signal: opts.signal === undefined ? signal : AbortSignal.any([opts.signal, signal])
      }),
    (own) => client.discover(own === undefined ? signal : AbortSignal.any([own, signal]))
  )
}

/**
 * A client for settings that cannot be used (a profile stored by an older version with an address
 * refused today): every call answers with the reason, so the app runs and says why, offline.
 */
export function createRefusingClient(reason: Error): ServiceClient {
  return clientOver(
    () => Promise.reject(reason),
    () => Promise.reject(reason)
  )
}
