import type { OperationDef, ServiceName } from '../shared/protocol/operations'
import { operationsOf } from '../shared/protocol/operations'
import type { RecordName } from '../shared/protocol/records'
import { RECORDS as TABLE } from '../shared/protocol/records'
import type { RecordDef } from '../shared/protocol/xsd'
import { escapeXml, wireNames } from './xml-write'

const RECORDS: Readonly<Record<keyof typeof TABLE, RecordDef>> = TABLE
/**
 * WSDL 1.1 for one service, generated from the shared tables in the style of the production v2
 * WSDL (docs/protocol.md §1): document/literal, qualified elements, four bindings.
 */

/** The service's name in its WSDL; its SOAP bindings are this name + `Soap` / `Soap12`. */
export const SERVICE_NAMES: Readonly<Record<ServiceName, string>> = {
  v2: 'CatalogueAPIv2',
  v3: 'CatalogueAPIv3',
  legacy: 'CatalogueWebService'
}

const DECLS = [
  'xmlns:tm="http://microsoft.com/wsdl/mime/textMatching/"',
  'xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/"',
  'xmlns:mime="http://schemas.xmlsoap.org/wsdl/mime/"',
  'TNS',
  'xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"',
  'xmlns:s="http://www.w3.org/2001/XMLSchema"',
  'xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/"',
  'xmlns:http="http://schemas.xmlsoap.org/wsdl/http/"',
  'xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"'
]

const el = (min: 0 | 1, name: string, type: string, extra = ''): string =>
  `<s:element minOccurs="${min}" maxOccurs="1" name="${name}" type="${type}"${extra} />`

/** `ns` picks the element names records are written with (the set link, see wireName). */
function recordType(name: RecordName, out: string[], done: Set<string>, ns: string): void {
  const def = RECORDS[name]
  if (done.has(def.element)) return
  done.add(def.element)
  const names = wireNames(def, ns)
  out.push(`      <s:complexType name="${def.element}">`, '        <s:sequence>')
  def.fields.forEach((f, i) => {
    out.push(`          ${el(f.required ? 1 : 0, names[i] ?? f.name, `s:${f.type}`)}`)
  })
  out.push('        </s:sequence>', '      </s:complexType>')
}

function arrayType(name: RecordName, out: string[], done: Set<string>, ns: string): void {
  const def = RECORDS[name]
  const arr = def.arrayType ?? `ArrayOf${def.element}`
  if (!done.has(arr)) {
    done.add(arr)
    out.push(`      <s:complexType name="${arr}">`, '        <s:sequence>')
    out.push(
      `          <s:element minOccurs="0" maxOccurs="unbounded" name="${def.element}" nillable="true" type="tns:${def.element}" />`
    )
    out.push('        </s:sequence>', '      </s:complexType>')
  }
  recordType(name, out, done, ns)
}

function resultElement(op: OperationDef): string | null {
  const r = op.result
  switch (r.kind) {
    case 'list':
      return el(0, `${op.name}Result`, `tns:${RECORDS[r.record].arrayType ?? r.record}`)
    case 'single':
      return el(0, `${op.name}Result`, `tns:${RECORDS[r.record].element}`)
    case 'string':
      return el(0, `${op.name}Result`, 's:string')
    case 'int':
      return el(1, `${op.name}Result`, 's:int')
    case 'json':
      return null
  }
}

/** The HTTP GET/POST root element of an operation's answer, or null when it has no body. */
function httpRoot(op: OperationDef): { name: string; decl: string } | null {
  const r = op.result
  switch (r.kind) {
    case 'list': {
      const a = RECORDS[r.record].arrayType ?? r.record
      return { name: a, decl: `<s:element name="${a}" nillable="true" type="tns:${a}" />` }
    }
    case 'single': {
      const e = RECORDS[r.record].element
      return { name: e, decl: `<s:element name="${e}" nillable="true" type="tns:${e}" />` }
    }
    case 'string':
      return { name: 'string', decl: '<s:element name="string" nillable="true" type="s:string" />' }
    case 'int':
      return { name: 'int', decl: '<s:element name="int" type="s:int" />' }
    case 'json':
      return null
  }
}

function sequence(inner: string[], indent: string): string[] {
  return inner.length === 0
    ? [`${indent}<s:complexType />`]
    : [
        `${indent}<s:complexType>`,
        `${indent}  <s:sequence>`,
        ...inner.map((x) => `${indent}    ${x}`),
        `${indent}  </s:sequence>`,
        `${indent}</s:complexType>`
      ]
}

function types(ops: readonly OperationDef[], ns: string): string[] {
  const out = [
    '  <wsdl:types>',
    `    <s:schema elementFormDefault="qualified" targetNamespace="${escapeXml(ns)}">`
  ]
  const done = new Set<string>()
  for (const op of ops) {
    const params = op.params.map((p) =>
      typeof p.type === 'object'
        ? el(0, p.name, `tns:${RECORDS[p.type.record].element}`)
        : el(p.type === 'string' ? 0 : 1, p.name, `s:${p.type}`)
    )
    out.push(
      `      <s:element name="${op.name}">`,
      ...sequence(params, '        '),
      '      </s:element>'
    )
    for (const p of op.params)
      if (typeof p.type === 'object') recordType(p.type.record, out, done, ns)
    const result = resultElement(op)
    out.push(
      `      <s:element name="${op.name}Response">`,
      ...sequence(result ? [result] : [], '        '),
      '      </s:element>'
    )
    if (op.result.kind === 'list') arrayType(op.result.record, out, done, ns)
    if (op.result.kind === 'single') recordType(op.result.record, out, done, ns)
  }
  const roots = new Set<string>()
  for (const op of ops) {
    const root = op.bindings.includes('httpGet') ? httpRoot(op) : null
    if (root && !roots.has(root.name)) {
      roots.add(root.name)
      out.push(`      ${root.decl}`)
    }
  }
  out.push('    </s:schema>', '  </wsdl:types>')
  return out
}

const message = (name: string, parts: string[]): string[] =>
  parts.length === 0
    ? [`  <wsdl:message name="${name}" />`]
    : [`  <wsdl:message name="${name}">`, ...parts.map((p) => `    ${p}`), '  </wsdl:message>']

export function serviceWsdl(service: ServiceName, ns: string, location: string): string {
  const ops = operationsOf(service)
  const http = ops.filter((o) => o.bindings.includes('httpGet'))
  const name = SERVICE_NAMES[service]
  const out = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<wsdl:definitions ${DECLS.map((d) => (d === 'TNS' ? `xmlns:tns="${escapeXml(ns)}"` : d)).join(' ')} targetNamespace="${escapeXml(ns)}">`,
    ...types(ops, ns)
  ]
  for (const op of ops) {
    out.push(
      ...message(`${op.name}SoapIn`, [`<wsdl:part name="parameters" element="tns:${op.name}" />`])
    )
    out.push(
      ...message(`${op.name}SoapOut`, [
        `<wsdl:part name="parameters" element="tns:${op.name}Response" />`
      ])
    )
  }
  for (const verb of ['HttpGet', 'HttpPost']) {
    for (const op of http) {
      out.push(
        ...message(
          `${op.name}${verb}In`,
          op.params.map((p) => `<wsdl:part name="${p.name}" type="s:string" />`)
        )
      )
      const root = httpRoot(op)
      out.push(
        ...message(
          `${op.name}${verb}Out`,
          root ? [`<wsdl:part name="Body" element="tns:${root.name}" />`] : []
        )
      )
    }
  }
  const portType = (suffix: string, list: readonly OperationDef[], msg: string): void => {
    out.push(`  <wsdl:portType name="${name}${suffix}">`)
    for (const op of list) {
      out.push(
        `    <wsdl:operation name="${op.name}">`,
        `      <wsdl:input message="tns:${op.name}${msg}In" />`,
        `      <wsdl:output message="tns:${op.name}${msg}Out" />`,
        '    </wsdl:operation>'
      )
    }
    out.push('  </wsdl:portType>')
  }
  portType('Soap', ops, 'Soap')
  portType('HttpGet', http, 'HttpGet')
  portType('HttpPost', http, 'HttpPost')
  for (const [suffix, pre] of [
    ['Soap', 'soap'],
    ['Soap12', 'soap12']
  ] as const) {
    out.push(
      `  <wsdl:binding name="${name}${suffix}" type="tns:${name}Soap">`,
      `    <${pre}:binding transport="http://schemas.xmlsoap.org/soap/http" />`
    )
    for (const op of ops) {
      out.push(
        `    <wsdl:operation name="${op.name}">`,
        `      <${pre}:operation soapAction="${escapeXml(ns)}${op.name}" style="document" />`,
        '      <wsdl:input>',
        `        <${pre}:body use="literal" />`,
        '      </wsdl:input>',
        '      <wsdl:output>',
        `        <${pre}:body use="literal" />`,
        '      </wsdl:output>',
        '    </wsdl:operation>'
      )
    }
    out.push('  </wsdl:binding>')
  }
  for (const [suffix, verb, input] of [
    ['HttpGet', 'GET', '<http:urlEncoded />'],
    ['HttpPost', 'POST', '<mime:content type="application/x-www-form-urlencoded" />']
  ] as const) {
    out.push(
      `  <wsdl:binding name="${name}${suffix}" type="tns:${name}${suffix}">`,
      `    <http:binding verb="${verb}" />`
    )
    for (const op of http) {
      out.push(
        `    <wsdl:operation name="${op.name}">`,
        `      <http:operation location="/${op.name}" />`,
        '      <wsdl:input>',
        `        ${input}`,
        '      </wsdl:input>',
        '      <wsdl:output>',
        httpRoot(op) ? '        <mime:mimeXml part="Body" />' : '',
        '      </wsdl:output>',
        '    </wsdl:operation>'
      )
    }
    out.push('  </wsdl:binding>')
  }
  const loc = escapeXml(location)
  /** A port of the service: its binding `name` + `suffix`, its address in the `prefix` namespace. */
  const port = (suffix: string, prefix: string): string[] => [
    `    <wsdl:port name="${name}${suffix}" binding="tns:${name}${suffix}">`,
    `      <${prefix}:address location="${loc}" />`,
    '    </wsdl:port>'
  ]
  out.push(
    `  <wsdl:service name="${name}">`,
    ...port('Soap', 'soap'),
    ...port('Soap12', 'soap12'),
    ...port('HttpGet', 'http'),
    ...port('HttpPost', 'http'),
    '  </wsdl:service>',
    '</wsdl:definitions>'
  )
  return out.filter((l) => l !== '').join('\n')
}
