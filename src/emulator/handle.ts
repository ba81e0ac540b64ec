import type {
  Binding,
  OperationDef,
  OperationName,
  ServiceName
} from '../shared/protocol/operations'
import { DEFAULT_PATHS, findOperation } from '../shared/protocol/operations'
import type { ArgsResult } from './args'
import { httpArgs, soapArgs } from './args'
import type { Call, ServiceState } from './context'
import type { FaultBook, FaultKind, TransportDirective } from './faults'
import { FAULT_HEADER, headerFault } from './faults'
import { LEGACY_OPS } from './ops-legacy'
import type { Handler } from './ops-v2-read'
import { V2_READS } from './ops-v2-read'
import { V2_WRITES } from './ops-v2-write'
import { V3_OPS } from './ops-v3'
import type { OpResult } from './results'
import { httpResponse, plainText, soapFault, soapResponse } from './responses'
import type { SoapVersion } from './soap-request'
import { parseSoap, soap12Action } from './soap-request'
import {
  discoDocument,
  iisStatusPage,
  operationHelpPage,
  runtimeErrorPage,
  unrecognizedPage
} from './asp-pages'
import type { ServicePolicies } from './binding-policy'
import { isAbsent, refusal } from './binding-policy'
import { serveAsset } from './assets'
import { serviceWsdl } from './wsdl'

/** The request router: paths, bindings, protocol errors (docs/protocol.md §3-§7), faults, dispatch. */

const BODY_LIMIT = 1024 * 1024

/** One handler per operation of the table: a missing one does not compile (extras: test/service/typed-api.test.ts). */
export const HANDLERS: {
  readonly [S in ServiceName]: { readonly [N in OperationName<S>]: Handler }
} = {
  v2: { ...V2_READS, ...V2_WRITES },
  v3: V3_OPS,
  legacy: LEGACY_OPS
}

function handlerOf(op: OperationDef): Handler | undefined {
  const table: Readonly<Partial<Record<string, Handler>>> = HANDLERS[op.service]
  return table[op.name]
}

interface Router {
  readonly state: ServiceState
  readonly namespaces: { readonly api: string; readonly legacy: string }
  readonly faults: FaultBook
  /** Services served over one binding only, or not at all (options `bindings`, `absent`). */
  readonly policies: ServicePolicies
}

class TooLarge extends Error {}

async function readBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > BODY_LIMIT) throw new TooLarge()
  if (!request.body) return ''
  const reader = (request.body as ReadableStream<Uint8Array>).getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > BODY_LIMIT) {
      await reader.cancel()
      throw new TooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function serviceAt(path: string): { service: ServiceName; rest: string } | null {
  const lower = path.toLowerCase()
  for (const service of ['v2', 'v3', 'legacy'] as const) {
    const base = DEFAULT_PATHS[service].toLowerCase()
    if (lower === base || lower.startsWith(`${base}/`))
      return { service, rest: path.slice(base.length) }
  }
  return null
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

export async function route(
  router: Router,
  request: Request
): Promise<{ response: Response; transport?: TransportDirective }> {
  const url = new URL(request.url)
  const perRequest = headerFault(request.headers.get(FAULT_HEADER))
  const where = serviceAt(url.pathname)
  if (!where) {
    const facts = { path: url.pathname }
    const early = await earlyFaults(router, facts, perRequest)
    if (early) return early
    return finish(router, facts, perRequest, serveAsset(router.state, url.pathname))
  }
  const { service, rest } = where
  if (isAbsent(router.policies, service)) return { response: iisStatusPage(404) }
  const ns = service === 'legacy' ? router.namespaces.legacy : router.namespaces.api
  const method = request.method.toUpperCase()
  try {
    if (rest === '' || rest === '/') {
      if (method === 'GET') {
        const page = servicePage(service, ns, url)
        if (page !== null) return { response: page }
        return {
          response: new Response(
            `<html><body><h1>${service} service</h1><p>See ?WSDL.</p></body></html>`,
            { headers: { 'content-type': 'text/html; charset=utf-8' } }
          )
        }
      }
      if (method !== 'POST') return { response: plainText(405, 'Method not allowed.') }
      const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
      const version: SoapVersion | null =
        type === 'text/xml' ? '1.1' : type === 'application/soap+xml' ? '1.2' : null
      if (version === null) return { response: plainText(415, 'Unsupported media type.') }
      const refused = refusal(
        router.policies,
        service,
        version === '1.1' ? 'soap11' : 'soap12',
        url.pathname
      )
      if (refused !== null) return { response: refused }
      return await soapCall(router, request, url, service, ns, version, perRequest)
    }
    const name = rest.slice(1)
    const op = findOperation(service, name)
    const binding: Binding = method === 'GET' ? 'httpGet' : 'httpPost'
    const facts = { path: url.pathname, service, operation: name, binding }
    const refused = refusal(router.policies, service, binding, url.pathname)
    if (refused !== null) return { response: refused }
    const disabled =
      router.faults.take(facts, (k) => k.type === 'bindingDisabled').length > 0 ||
      perRequest?.type === 'bindingDisabled'
    const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
    if (
      !op ||
      !op.bindings.includes(binding) ||
      name.includes('/') ||
      disabled ||
      (method !== 'GET' && method !== 'POST') ||
      // ASMX takes a POST as HTTP POST only with a form body; any other is a format it does not
      // recognise, the same answer as an unknown operation (docs/protocol.md §4).
      (method === 'POST' && type !== 'application/x-www-form-urlencoded')
    ) {
      return { response: unrecognizedPage(url.pathname) }
    }
    const params =
      method === 'GET' ? url.searchParams : new URLSearchParams(await readBody(request))
    return await dispatch(router, url, op, binding, ns, null, httpArgs(op, params), perRequest)
  } catch (e) {
    if (e instanceof TooLarge) return { response: plainText(413, 'Request entity too large.') }
    throw e
  }
}

async function soapCall(
  router: Router,
  request: Request,
  url: URL,
  service: ServiceName,
  ns: string,
  version: SoapVersion,
  perRequest: FaultKind | null
): ReturnType<typeof route> {
  const xml = await readBody(request)
  let opName: string | null = null
  // SOAP 1.1 names the operation in the SOAPAction header (required); SOAP 1.2 in the Content-Type's
  // `action` parameter, which the WSDL declares (soap12:operation soapAction) and ASMX routes by,
  // falling back to the body element only when it is absent (docs/protocol.md §4).
  const action =
    version === '1.1'
      ? request.headers.get('soapaction')
      : soap12Action(request.headers.get('content-type'))
  if (version === '1.1' || action !== null) {
    const bare = action?.trim().replace(/^"(.*)"$/, '$1') ?? ''
    const name = bare.startsWith(ns) ? bare.slice(ns.length) : ''
    if (action === null || !findOperation(service, name)) {
      return {
        response: soapFault(
          version,
          'client',
          `System.Web.Services.Protocols.SoapException: Server did not recognize the value of HTTP Header SOAPAction: ${action ?? ''}.`
        )
      }
    }
    opName = name
  }
  const parsed = parseSoap(xml, version)
  if (!parsed.ok)
    return {
      response: soapFault(
        version,
        'client',
        `System.Web.Services.Protocols.SoapException: Server was unable to read request. ---> ${parsed.reason}`
      )
    }
  const op = findOperation(service, parsed.op)
  if (parsed.ns !== ns || !op || (opName !== null && opName !== parsed.op)) {
    const why =
      opName === null
        ? 'Unable to handle request without a valid action parameter. Please supply a valid soap action.'
        : `Server was unable to read request. ---> The body element ${parsed.op} does not match the SOAPAction ${opName}.`
    return {
      response: soapFault(version, 'client', `System.Web.Services.Protocols.SoapException: ${why}`)
    }
  }
  const binding: Binding = version === '1.1' ? 'soap11' : 'soap12'
  return dispatch(router, url, op, binding, ns, version, soapArgs(op, parsed.children), perRequest)
}

async function dispatch(
  router: Router,
  url: URL,
  op: OperationDef,
  binding: Binding,
  ns: string,
  version: SoapVersion | null,
  parsed: ArgsResult,
  perRequest: FaultKind | null
): ReturnType<typeof route> {
  const facts = { path: url.pathname, service: op.service, operation: op.name, binding }
  const early = await earlyFaults(router, facts, perRequest, version)
  if (early) return early
  if (!parsed.ok)
    return {
      response: version
        ? soapFault(version, 'client', parsed.message)
        : plainText(500, parsed.message)
    }
  const call: Call = { state: router.state, origin: url.origin, service: op.service, binding }
  const exhausted =
    router.faults.take(facts, (k) => k.type === 'allowanceExhausted').length > 0 ||
    perRequest?.type === 'allowanceExhausted'
  let result: OpResult
  try {
    const handler = handlerOf(op)
    if (!handler) throw new Error(`no handler for ${op.service}.${op.name}`)
    result = exhausted
      ? op.service === 'v3'
        ? { kind: 'json', body: { status: 'error', message: 'API limit exceeded' } }
        : { kind: 'serverError', message: 'API limit exceeded' }
      : handler(call, parsed.args)
  } catch (e) {
    const message = `System.Exception: ${e instanceof Error ? e.message : 'internal error'}`
    return { response: version ? soapFault(version, 'server', message) : plainText(500, message) }
  }
  const response = version ? soapResponse(op, result, ns, version) : httpResponse(op, result, ns)
  return finish(router, facts, perRequest, response)
}

/** Faults that replace the answer: latency first (then the call goes on), SOAP fault, HTML page. */
async function earlyFaults(
  router: Router,
  facts: { path: string; service?: ServiceName; operation?: string; binding?: Binding },
  perRequest: FaultKind | null,
  version: SoapVersion | null = null
): Promise<{ response: Response } | null> {
  const kinds = router.faults.take(
    facts,
    (k) => k.type === 'latency' || k.type === 'soapFault' || k.type === 'html500'
  )
  if (perRequest) kinds.push(perRequest)
  for (const k of kinds) if (k.type === 'latency') await sleep(k.ms)
  for (const k of kinds) {
    if (k.type === 'html500') return { response: runtimeErrorPage() }
    if (k.type === 'soapFault') {
      const message = k.message ?? 'System.Exception: injected fault'
      return {
        response: version
          ? soapFault(version, k.who ?? 'server', message)
          : soapFault('1.1', k.who ?? 'server', message)
      }
    }
  }
  return null
}

function finish(
  router: Router,
  facts: { path: string; service?: ServiceName; operation?: string; binding?: Binding },
  perRequest: FaultKind | null,
  response: Response
): { response: Response; transport?: TransportDirective } {
  const kinds = router.faults.take(facts, (k) => k.type === 'drop' || k.type === 'truncate')
  if (perRequest?.type === 'drop' || perRequest?.type === 'truncate') kinds.push(perRequest)
  const k = kinds[0]
  if (!k) return { response }
  const transport: TransportDirective =
    k.type === 'drop'
      ? { type: 'drop' }
      : { type: 'truncate', bytes: k.type === 'truncate' ? (k.bytes ?? null) : null }
  return { response, transport }
}

/** The service's own pages at its root: `?WSDL`, `?disco`, `?op=name`; null for the plain root. */
function servicePage(service: ServiceName, ns: string, url: URL): Response | null {
  const keys = new Map([...url.searchParams].map(([k, v]) => [k.toLowerCase(), v]))
  const location = `${url.origin}${DEFAULT_PATHS[service]}`
  if (keys.has('wsdl')) {
    return new Response(serviceWsdl(service, ns, location), {
      headers: { 'content-type': 'text/xml; charset=utf-8' }
    })
  }
  if (keys.has('disco')) return discoDocument(service, ns, location)
  const op = keys.get('op')
  if (op !== undefined) return operationHelpPage(service, ns, op)
  return null
}
