import type { Binding, ServiceName } from '../shared/protocol/operations'
import { iisStatusPage, runtimeErrorPage, unrecognizedPage } from './asp-pages'

/**
 * A service that serves one binding and refuses the others (docs/protocol.md §4), in one of the
 * ways a real deployment may: ASMX with a protocol removed, a proxy that filters verbs or media
 * types, or an error page hiding the reason. The client must reach the binding left whatever the
 * style, so each one is an option here and the binding table test runs them all.
 */
export type RefusalStyle =
  /** ASP.NET's error page with details hidden: "Runtime Error", HTTP 500. */
  | 'runtimeError'
  /** ASP.NET's error page showing "Request format is unrecognized…", HTTP 500. */
  | 'unrecognizedPage'
  /** The same words as plain text, HTTP 500 (as a proxy or a bare handler may pass them on). */
  | 'unrecognizedText'
  | 'notFound'
  | 'methodNotAllowed'
  | 'unsupportedMediaType'
  /** IIS's generic 500 page. */
  | 'serverError'

export const REFUSAL_STYLES: readonly RefusalStyle[] = [
  'runtimeError',
  'unrecognizedPage',
  'unrecognizedText',
  'notFound',
  'methodNotAllowed',
  'unsupportedMediaType',
  'serverError'
]

export interface BindingPolicy {
  /** The one binding the service answers operations over. */
  readonly only: Binding
  readonly refusal: RefusalStyle
}

/** Per service: a binding policy, or `absent` (every path of it answers IIS's 404, ?WSDL too). */
export type ServicePolicies = Readonly<Partial<Record<ServiceName, BindingPolicy | 'absent'>>>

/** The answer to an operation request over a binding the policy refuses; null when it is served. */
export function refusal(
  policies: ServicePolicies,
  service: ServiceName,
  binding: Binding,
  path: string
): Response | null {
  const p = policies[service]
  if (p === undefined || p === 'absent' || p.only === binding) return null
  switch (p.refusal) {
    case 'runtimeError':
      return runtimeErrorPage()
    case 'unrecognizedPage':
      return unrecognizedPage(path)
    case 'unrecognizedText': {
      const tail = path.slice(path.lastIndexOf('/'))
      return new Response(
        `System.InvalidOperationException: Request format is unrecognized for URL unexpectedly ending in '${tail}'.`,
        { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } }
      )
    }
    case 'notFound':
      return iisStatusPage(404)
    case 'methodNotAllowed':
      return iisStatusPage(405)
    case 'unsupportedMediaType':
      return iisStatusPage(415)
    case 'serverError':
      return iisStatusPage(500)
  }
}

/** True when the service is not served at all here. */
export function isAbsent(policies: ServicePolicies, service: ServiceName): boolean {
  return policies[service] === 'absent'
}
