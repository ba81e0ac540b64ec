import type { OperationDef, ServiceName } from '../shared/protocol/operations'
import { DEFAULT_PATHS, operationsOf } from '../shared/protocol/operations'
import { SERVICE_NAMES } from './wsdl'
import { escapeXml } from './xml-write'

/**
 * The pages ASP.NET and IIS answer with besides data (docs/protocol.md §1, §4): its error page
 * (detailed, or "Runtime Error" when details are hidden from remote callers), IIS's status pages,
 * and ASMX's discovery document and operation help page.
 */

const HTML = 'text/html; charset=utf-8'

const html = (status: number, body: string): Response =>
  new Response(body, { status, headers: { 'content-type': HTML, 'cache-control': 'private' } })

/** ASP.NET's own error page with the exception shown, as it answers a local caller. */
function aspNetErrorPage(exception: string, message: string): Response {
  const m = escapeXml(message).replace(/'/g, '&#39;')
  return html(
    500,
    '<!DOCTYPE html>\n<html>\n    <head>\n' +
      `        <title>${m}</title>\n` +
      '        <meta name="viewport" content="width=device-width" />\n    </head>\n' +
      '    <body bgcolor="white">\n' +
      "            <span><H1>Server Error in '/' Application.<hr width=100% size=1 color=silver></H1>\n" +
      `            <h2> <i>${m}</i> </h2></span>\n` +
      '            <b> Description: </b>An unhandled exception occurred during the execution of the current web request.<br><br>\n' +
      `            <b> Exception Details: </b>${exception}: ${m}<br><br>\n` +
      '    </body>\n</html>\n'
  )
}

/** ASMX's "Request format is unrecognized" (docs/protocol.md §4), on ASP.NET's error page. */
export function unrecognizedPage(path: string): Response {
  const tail = path.slice(path.lastIndexOf('/'))
  return aspNetErrorPage(
    'System.InvalidOperationException',
    `Request format is unrecognized for URL unexpectedly ending in '${tail}'.`
  )
}

/** The page ASP.NET shows a remote caller instead of the exception (customErrors RemoteOnly). */
export function runtimeErrorPage(): Response {
  return html(
    500,
    "<!DOCTYPE html>\n<html><head><title>Runtime Error</title></head><body><h1>Server Error in '/' Application.</h1>" +
      '<h2><i>Runtime Error</i></h2><p>An application error occurred on the server. The current custom error settings ' +
      'for this application prevent the details of the application error from being viewed remotely.</p></body></html>'
  )
}

const IIS_TITLES: Readonly<Record<number, string>> = {
  404: '404 - File or directory not found.',
  405: '405 - HTTP verb used to access this page is not allowed.',
  415: '415 - Unsupported Media Type.',
  500: '500 - Internal server error.'
}

/** IIS's own status page, sent before ASP.NET sees the request (a path or verb it refuses). */
export function iisStatusPage(status: 404 | 405 | 415 | 500): Response {
  const title = IIS_TITLES[status] ?? String(status)
  return html(
    status,
    `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><div id="header"><h1>Server Error</h1></div>` +
      `<div id="content"><fieldset><h2>${title}</h2></fieldset></div></body></html>`
  )
}

/** `?disco`: ASMX's discovery document, pointing at the WSDL and the two SOAP bindings. */
export function discoDocument(service: ServiceName, ns: string, location: string): Response {
  const name = SERVICE_NAMES[service]
  const at = escapeXml(location)
  const q = escapeXml(ns)
  const body =
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<discovery xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.xmlsoap.org/disco/">\n' +
    `  <contractRef ref="${at}?wsdl" docRef="${at}" xmlns="http://schemas.xmlsoap.org/disco/scl/" />\n` +
    `  <soap address="${at}" xmlns:q1="${q}" binding="q1:${name}Soap" xmlns="http://schemas.xmlsoap.org/disco/soap/" />\n` +
    `  <soap address="${at}" xmlns:q2="${q}" binding="q2:${name}Soap12" xmlns="http://schemas.xmlsoap.org/disco/soap/" />\n` +
    '</discovery>'
  return new Response(body, { headers: { 'content-type': 'text/xml; charset=utf-8' } })
}

/**
 * `?op=name`: ASMX's help page for one operation, its parameters and a sample request per binding;
 * an operation the service lacks gets ASP.NET's error page, as ASMX throws for it.
 */
export function operationHelpPage(service: ServiceName, ns: string, opName: string): Response {
  const op = operationsOf(service).find((o) => o.name === opName)
  if (op === undefined) {
    return aspNetErrorPage(
      'System.InvalidOperationException',
      `Unable to find operation ${opName} in the service description.`
    )
  }
  const name = escapeXml(SERVICE_NAMES[service])
  const params = op.params.map(
    (p) => `<${p.name}>${typeof p.type === 'string' ? p.type : 'record'}</${p.name}>`
  )
  return html(
    200,
    `<html><head><title>${name} Web Service</title></head><body><div id="content">` +
      `<p class="heading1">${name}</p><br><span><h2>${escapeXml(op.name)}</h2>` +
      `<p>${escapeXml(describe(op))}</p>` +
      `<h3>SOAP 1.1</h3><pre>POST ${escapeXml(DEFAULT_PATHS[op.service])} HTTP/1.1\nContent-Type: text/xml; charset=utf-8\n` +
      `SOAPAction: "${escapeXml(ns)}${escapeXml(op.name)}"\n\n&lt;${escapeXml(op.name)} xmlns="${escapeXml(ns)}"&gt;` +
      `${escapeXml(params.join(''))}&lt;/${escapeXml(op.name)}&gt;</pre>` +
      `<h3>SOAP 1.2</h3><pre>Content-Type: application/soap+xml; charset=utf-8; action="${escapeXml(ns)}${escapeXml(op.name)}"</pre>` +
      '</span></div></body></html>'
  )
}

function describe(op: OperationDef): string {
  return `The following operation is supported: ${op.name}(${op.params.map((p) => p.name).join(', ')}).`
}
