import * as soap from 'soap'
import { BLANK_COPY } from '../../src/shared/model/collection'

// Independent SOAP stacks: ports of the npm `soap` client, built from a WSDL (ours or production's).

type Port = Record<string, (args: object, cb: (err: unknown, result: unknown) => void) => void>
export type Row = Record<string, unknown>
/** One operation called through a port; an answer with no body reads as `{}`. */
export type SoapCall = (op: string, args: object) => Promise<Row>

/** The two SOAP versions every WSDL here binds, as `[label, soap12]` rows for `describe.each`. */
export const SOAP_VERSIONS = [
  ['SOAP 1.1', false],
  ['SOAP 1.2', true]
] as const

/**
 * The port of service `serviceName` for one SOAP version (`<service>Soap` or `<service>Soap12`,
 * as .NET names them) in the WSDL at `wsdl` (an address or a file), its calls noted as `noting`
 * notes them; `endpoint` points the client elsewhere than the WSDL's own address.
 */
export async function notedPort(
  wsdl: string,
  serviceName: string,
  options: { soap12: boolean; endpoint?: string }
): Promise<{ run: SoapCall; seen: Set<string> }> {
  return noting(await soapPort(wsdl, serviceName, options))
}

async function soapPort(
  wsdl: string,
  serviceName: string,
  options: { soap12: boolean; endpoint?: string }
): Promise<SoapCall> {
  const client = (await soap.createClientAsync(wsdl, {
    forceSoap12Headers: options.soap12,
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint })
  })) as unknown as Record<string, Record<string, Port>>
  const portName = `${serviceName}Soap${options.soap12 ? '12' : ''}`
  const port = client[serviceName]?.[portName]
  if (!port) throw new Error(`no port ${portName}`)
  return (op, args) =>
    new Promise((resolve, reject) => {
      const fn = port[op]
      if (!fn) {
        reject(new Error(`no operation ${op}`))
        return
      }
      fn(args, (err, result) => {
        if (err) reject(err instanceof Error ? err : new Error('soap call failed'))
        else resolve((result as Row | null) ?? {})
      })
    })
}

/** The port's calls, each operation called noted in `seen`: the tests check that every one was. */
function noting(call: SoapCall): { run: SoapCall; seen: Set<string> } {
  const seen = new Set<string>()
  return {
    seen,
    run: (op, args) => {
      seen.add(op)
      return call(op, args)
    }
  }
}

/** A repeated element as the soap client decodes it: absent, one object, or an array. */
export const asList = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : v ? [v as Row] : [])

/** The records of an operation's answer: `<op>Result`'s repeated `element`. */
export const resultList = (answer: Row, op: string, element: string): Row[] =>
  asList((answer[`${op}Result`] as Row | undefined)?.[element])

/** A copy's details as a client writes them with setCollectionDetail (its collectionID apart). */
export const WRITTEN_COPY = {
  ...BLANK_COPY,
  dateAcquired: '2024-02-03',
  currency: 'EUR',
  pricePaid: 19.99,
  currentEstimatedValue: 25,
  conditionWhenAcquired: 'New',
  acquiredFrom: 'Shop',
  conditionNow: 'Boxed',
  location: 'Attic',
  parts: true,
  minifigs: true,
  instructions: true,
  box: true,
  deleted: false
}
