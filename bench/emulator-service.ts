import { generateCatalogue } from '../src/emulator/catalogue'
import { createReferenceService } from '../src/emulator/index'
import { listen } from '../src/emulator/listen'
import { cpus, loadavg } from 'node:os'
import { writeSection } from './doc-section'

const LOAD_AT_START = loadavg()[0] ?? 0

/**
 * Reference service benchmark (not a test): catalogue generation for 20k and 200k sets, and
 * getSets pages of 500 per second, in-process and over loopback HTTP. Writes the "Reference
 * service" section of docs/benchmarks.md. Run: `npm run bench:service`.
 */

const machine = (): string =>
  `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

function timeIt(runs: number, fn: () => void): number {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    fn()
    times.push(performance.now() - t)
  }
  return median(times)
}

async function pagesPerSecond(
  send: (page: number) => Promise<Response>,
  clients: number,
  pages: number
): Promise<{ rps: number; kb: number }> {
  let next = 0
  let bytes = 0
  const t = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < pages) {
        const page = (next++ % 40) + 1
        const res = await send(page)
        bytes += (await res.arrayBuffer()).byteLength
      }
    })
  )
  const s = (performance.now() - t) / 1000
  return { rps: pages / s, kb: bytes / pages / 1024 }
}

async function main(): Promise<void> {
  const rows: string[] = []
  for (const [size, runs] of [
    [20_000, 5],
    [200_000, 3]
  ] as const) {
    const gen = timeIt(runs, () => generateCatalogue(1, size))
    const full = timeIt(runs, () => {
      createReferenceService({ sets: size, seed: 1 }).close()
    })
    rows.push(
      `| ${size.toLocaleString('en-GB')} | ${gen.toFixed(0)} | ${full.toFixed(0)} | ${runs} |`
    )
  }
  const service = createReferenceService({ sets: 20_000, seed: 1 })
  const key = service.demo.apiKey
  const q = (page: number): string =>
    `apiKey=${key}&userHash=&query=&theme=&subtheme=&setNumber=&year=&owned=&wanted=&orderBy=&pageSize=500&pageNumber=${page}&userName=`
  const soapBody = (page: number): string =>
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><getSets xmlns="${service.namespaces.api}"><apiKey>${key}</apiKey><pageSize>500</pageSize><pageNumber>${page}</pageNumber></getSets></soap:Body></soap:Envelope>`
  await pagesPerSecond(
    (p) => service.handle(new Request(`http://bench/api/v2.asmx/getSets?${q(p)}`)),
    1,
    40
  )
  const server = await listen(service)
  const reqs: string[] = []
  const cases: [string, (p: number) => Promise<Response>, number][] = [
    [
      'in-process `handle`, HTTP GET binding',
      (p) => service.handle(new Request(`http://bench/api/v2.asmx/getSets?${q(p)}`)),
      1
    ],
    ['loopback HTTP GET', (p) => fetch(`${server.url}/api/v2.asmx/getSets?${q(p)}`), 1],
    ['loopback HTTP GET', (p) => fetch(`${server.url}/api/v2.asmx/getSets?${q(p)}`), 4],
    [
      'loopback SOAP 1.1',
      (p) =>
        fetch(`${server.url}/api/v2.asmx`, {
          method: 'POST',
          headers: {
            'content-type': 'text/xml; charset=utf-8',
            SOAPAction: `"${service.namespaces.api}getSets"`
          },
          body: soapBody(p)
        }),
      1
    ],
    [
      'loopback v3 JSON (HTTP POST)',
      (p) =>
        fetch(`${server.url}/api/v3.asmx/getSets`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            apiKey: key,
            userHash: '',
            params: `{pageSize:500,pageNumber:${p}}`
          }).toString()
        }),
      1
    ]
  ]
  for (const [label, send, clients] of cases) {
    const { rps, kb } = await pagesPerSecond(send, clients, 80)
    reqs.push(
      `| ${label} | ${clients} | ${rps.toFixed(1)} | ${(rps * 500).toFixed(0)} | ${kb.toFixed(0)} |`
    )
  }
  await server.close()
  service.close()
  const date = new Date().toISOString().slice(0, 10)
  const body = [
    `Measured ${date} on ${machine()}, by \`npm run bench:service\` (bench/emulator-service.ts), load average ${LOAD_AT_START.toFixed(1)} at the start.`,
    '',
    'Catalogue generation (seed 1), median of the runs; "service" includes accounts, the demo collection and indexes.',
    '',
    '| Sets | generate ms | service ms | runs |',
    '|---:|---:|---:|---:|',
    ...rows,
    '',
    'getSets pages of 500 from a 20,000-set service (no user), 80 pages cycling over the 40 pages of the catalogue, after a warm-up pass.',
    '',
    '| Path | clients | pages/s | sets/s | kB/page |',
    '|---|---:|---:|---:|---:|',
    ...reqs,
    ''
  ].join('\n')
  writeSection('Reference service', body)
  process.stdout.write(`${body}\n`)
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
  process.exit(1)
})
