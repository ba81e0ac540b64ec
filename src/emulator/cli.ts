import { parseArgs } from 'node:util'
import { createReferenceService } from './index'
import { listen } from './listen'

/** `npm run service -- --port 8123 --sets 20000 --seed 1 [--db file.sqlite] [--host 127.0.0.1]
 *  [--no-quantity-copies] [--sets-latency-ms 200]` */
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
      'legacy-namespace': { type: 'string' }
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

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`)
  process.exit(1)
})
