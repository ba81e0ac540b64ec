import { operationsOf } from '../../shared/protocol/operations'
import type { OperationDef, ServiceName } from '../../shared/protocol/operations'
import { createCore } from './client'
import type { DiscoveryResult } from './discovery'
import type { LegacyApi, V2Api, V3Api } from './typed-api'
import type { CallOptions, ServiceClientOptions } from './types'

export type { DiscoveryEntry, DiscoveryResult, ServiceDescription } from './discovery'
export type {
  CallOptions,
  ServiceClientOptions,
  ServiceLogger,
  ServiceProfile,
  ServiceSecrets
} from './types'
export type * from './typed-api'
export type { FetchLike } from './transport'
export { redact } from './redact'
export { stopDecodeWorker } from './decode-pool'
export { createPictureFetcher } from './picture-fetch'
export type { Picture, PictureFetcher, PictureFetchOptions } from './picture-fetch'
export { DEFAULT_TIMEOUT_MS } from './client'
export { checkBaseUrl } from './url-policy'

export interface ServiceClient {
  /** Generic, table-driven call; the typed wrappers below sit on top of it. */
  call(
    service: ServiceName,
    operation: string,
    params?: Record<string, unknown>,
    options?: CallOptions
  ): Promise<unknown>
  readonly v2: V2Api
  readonly v3: V3Api
  readonly legacy: LegacyApi
  /** Reads each service's ?WSDL (namespace, operations, bindings) and caches it for the session. */
  discover(signal?: AbortSignal): Promise<DiscoveryResult>
}

type Wrapper = (params?: Record<string, unknown>, opts?: CallOptions) => Promise<unknown>

function isWrite(op: OperationDef): boolean {
  return op.name.startsWith('set') || op.name.startsWith('update')
}

/** v3 takes its aggregate `params`/`Params` as JSON text; an object is serialised for the caller. */
function jsonParams(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params }
  for (const key of ['params', 'Params']) {
    const v = out[key]
    if (typeof v === 'object' && v !== null) out[key] = JSON.stringify(v)
  }
  return out
}

function wrappers(
  service: ServiceName,
  call: ServiceClient['call']
): Readonly<Record<string, Wrapper>> {
  const out: Record<string, Wrapper> = {}
  for (const op of operationsOf(service)) {
    out[op.name] = async (params = {}, opts = {}) => {
      const values = service === 'v3' ? jsonParams(params) : params
      const result = await call(service, op.name, values, opts)
      return isWrite(op) || op.name === 'checkKey' ? undefined : result
    }
  }
  return Object.freeze(out)
}

function clientOver(
  call: ServiceClient['call'],
  discover: ServiceClient['discover']
): ServiceClient {
  return {
    call,
    v2: wrappers('v2', call) as unknown as V2Api,
    v3: wrappers('v3', call) as unknown as V3Api,
    legacy: wrappers('legacy', call) as unknown as LegacyApi,
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
 * A client for settings that cannot be used (a profile stored by an older version with an address
 * refused today): every call answers with the reason, so the app runs and says why, offline.
 */
export function createRefusingClient(reason: Error): ServiceClient {
  return clientOver(
    () => Promise.reject(reason),
    () => Promise.reject(reason)
  )
}
