import { parseArgs } from 'node:util'
import { ALL_BINDINGS, SERVICE_NAMES } from '../shared/protocol/operations'
import type { Binding, ServiceName } from '../shared/protocol/operations'
import { REFUSAL_STYLES } from './binding-policy'
import type { BindingPolicy, RefusalStyle } from './binding-policy'
import { createReferenceService } from './index'
import { listen } from './listen'
import { V3_FLAG_SHAPES } from './v3-flag-shape'
import type { V3FlagShape } from './v3-flag-shape'

/** `npm run service -- --port 8123 --sets 20000 --seed 1 [--db file.sqlite] [--host 127.0.0.1]
 *  [--no-quantity-copies] [--sets-latency-ms 200] [--only-binding v2:soap11:runtimeError]
 *  [--absent v3] [--v3-flags list|omitted|booleans|keyed]` */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8123' },
      host: { type: 'string', default: '127.0.0.1' },
      sets: { type: 'string', default: '20000' },
      seed: { type: 'string', default: '1' },
      db: { type: 'string' },
      'max-page-size': { type: 'string' },
      // Production's answer to "does raising quantity create a copy record?" is unknown.
      'no-quantity-copies': { type: 'boolean', default: false },
      // Each getSets answer waits this long: a slow service, to watch a sync (or cut it) mid-way.
      'sets-latency-ms': { type: 'string' },
      'api-namespace': { type: 'string' },
      'legacy-namespace': { type: 'string' },
      // A service over one binding, the others refused in a style (docs/protocol.md §4).
      'only-binding': { type: 'string', multiple: true },
      absent: { type: 'string', multiple: true },
      // v3 getSets' collection.flags: production's shape is unknown (docs/protocol.md §5).
      'v3-flags': { type: 'string', default: 'list' }
    }
  })
  const num = (name: string, v: string): number => {
    const n = Number(v)
    if (!Number.isInteger(n) || n < 0)
      throw new RangeError(`--${name} must be a whole number, got ${v}`)
    return n
  }
  const started = performance.now()
  const service = createReferenceService({
    sets: num('sets', values.sets),
    seed: num('seed', values.seed),
    ...(values.db !== undefined ? { dbPath: values.db } : {}),
    ...(values['max-page-size'] !== undefined
      ? { maxPageSize: num('max-page-size', values['max-page-size']) }
      : {}),
    quantityCreatesCopies: !values['no-quantity-copies'],
    bindings: bindingPolicies(values['only-binding'] ?? []),
    absent: (values.absent ?? []).map(serviceName),
    v3Flags: flagShape(values['v3-flags']),
    ...(values['api-namespace'] !== undefined || values['legacy-namespace'] !== undefined
      ? {
          namespaces: {
            api: values['api-namespace'] ?? 'urn:studbook:catalogue:api/',
            legacy: values['legacy-namespace'] ?? 'urn:studbook:catalogue:legacy/'
          }
        }
      : {})
  })
  const latency = values['sets-latency-ms']
  if (latency !== undefined) {
    service.admin.addFault({
      operation: 'getSets',
      kind: { type: 'latency', ms: num('sets-latency-ms', latency) }
    })
  }
  const server = await listen(service, { port: num('port', values.port), host: values.host })
  const ms = Math.round(performance.now() - started)
  process.stdout.write(
    [
      `Reference service ready in ${ms} ms (${values.sets} sets, seed ${values.seed})`,
      `  base URL          ${server.url}`,
      `  v2 / v3 / legacy  ${server.url}/api/v2.asmx  ${server.url}/api/v3.asmx  ${server.url}/webservices/catalogue.asmx  (?WSDL)`,
      `  api namespace     ${service.namespaces.api}`,
      `  legacy namespace  ${service.namespaces.legacy}`,
      `  demo apiKey       ${service.demo.apiKey}`,
      `  demo login        ${service.demo.username} / ${service.demo.password}`,
      ''
    ].join('\n')
  )
  const stop = (): void => {
    void server.close().then(() => {
      service.close()
      process.exit(0)
    })
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

function serviceName(text: string): ServiceName {
  if (!(SERVICE_NAMES as readonly string[]).includes(text))
    throw new RangeError(`a service is one of ${SERVICE_NAMES.join(', ')}, got ${text}`)
  return text as ServiceName
}

function flagShape(text: string): V3FlagShape {
  if (!(V3_FLAG_SHAPES as readonly string[]).includes(text))
    throw new RangeError(`--v3-flags: one of ${V3_FLAG_SHAPES.join(', ')}, got ${text}`)
  return text as V3FlagShape
}

/** `service:binding:style` each, e.g. `v2:httpGet:notFound`. */
function bindingPolicies(specs: readonly string[]): Partial<Record<ServiceName, BindingPolicy>> {
  const out: Partial<Record<ServiceName, BindingPolicy>> = {}
  for (const spec of specs) {
    const [service = '', binding = '', refusal = 'unrecognizedPage'] = spec.split(':')
    if (!(ALL_BINDINGS as readonly string[]).includes(binding))
      throw new RangeError(`--only-binding: a binding is one of ${ALL_BINDINGS.join(', ')}`)
    if (!(REFUSAL_STYLES as readonly string[]).includes(refusal))
      throw new RangeError(`--only-binding: a style is one of ${REFUSAL_STYLES.join(', ')}`)
    out[serviceName(service)] = {
      only: binding as Binding,
      refusal: refusal as RefusalStyle
    }
  }
  return out
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`)
  process.exit(1)
})
