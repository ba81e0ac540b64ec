import type { Binding } from '../../shared/protocol/operations'

export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance'
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema'
export const SOAP11_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/'
export const SOAP12_ENV_NS = 'http://www.w3.org/2003/05/soap-envelope'

/** Everything that differs between the four wire bindings (the service interface), in one place. */
interface BindingSpec {
  readonly method: 'GET' | 'POST'
  /** The operation name is appended to the path (`/api/v2.asmx/<op>`) for the HTTP bindings. */
  readonly opInPath: boolean
  readonly requestContentType: string | null
  /** Media type a successful response must carry (the charset parameter is checked separately). */
  readonly responseMediaType: string
  readonly envelopeNs: string | null
  readonly soapAction: boolean
}

export const BINDINGS: Readonly<Record<Binding, BindingSpec>> = {
  soap11: {
    method: 'POST',
    opInPath: false,
    requestContentType: 'text/xml; charset=utf-8',
    responseMediaType: 'text/xml',
    envelopeNs: SOAP11_ENV_NS,
    soapAction: true
  },
  soap12: {
    method: 'POST',
    opInPath: false,
    requestContentType: 'application/soap+xml; charset=utf-8',
    responseMediaType: 'application/soap+xml',
    envelopeNs: SOAP12_ENV_NS,
    soapAction: false
  },
  httpGet: {
    method: 'GET',
    opInPath: true,
    requestContentType: null,
    responseMediaType: 'text/xml',
    envelopeNs: null,
    soapAction: false
  },
  httpPost: {
    method: 'POST',
    opInPath: true,
    requestContentType: 'application/x-www-form-urlencoded',
    responseMediaType: 'text/xml',
    envelopeNs: null,
    soapAction: false
  }
}

export function isSoap(binding: Binding): boolean {
  return BINDINGS[binding].envelopeNs !== null
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(contentType: string | null): string {
  if (contentType === null) return ''
  const semi = contentType.indexOf(';')
  return (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase()
}
