import { createReferenceService } from '../src/emulator/index'
import { machine, writeSection, loadAverages } from './doc-section'

/**
 * The reference service's per-theme aggregates (not a test): getSubthemes and getYears for every
 * theme, as a catalogue sync asks them, over the in-process handler. Each figure stands beside the
 * load average taken just before it, since the machine is shared. Writes the "Reference
 * service: per-theme aggregates" section of docs/benchmarks.md.
 * Run: `npm run bench:service-aggregates`, or `npx tsx bench/emulator-aggregates.ts [sizes…]`
 * (default 20000 200000).
 */

const PASSES = 5

/** The same calls before the per-theme index (each one scanned every set), taken at the time. */
const BEFORE = [
  'Before the per-theme index each call scanned the whole catalogue. One pass each, old and new code run alternately on the same machine:',
  '',
  '| Sets | scan ms (old) | index ms (new) | load (1, 5, 15 min) |',
  '|---:|---:|---:|---|',
  '| 20,000 | 1,367 / 1,717 | 176 / 231 | 13.0-14.3, 13.3-13.6, 9.2-9.5 |',
  '| 200,000 | 29,504 / 37,366 | 834 / 933 | 13.0-14.0, 13.3-13.5, 9.2-9.5 |',
  '| 20,000 | 223 | | 0.76, 0.35, 0.13 (old code only, idle machine) |',
  '| 200,000 | 4,780 | | 1.10, 0.43, 0.16 (old code only, idle machine) |'
].join('\n')

async function allThemes(
  service: ReturnType<typeof createReferenceService>,
  themes: readonly string[]
): Promise<{ ms: number; bytes: number }> {
  const key = service.demo.apiKey
  let bytes = 0
  const t = performance.now()
  for (const theme of themes) {
    for (const op of ['getSubthemes', 'getYears']) {
      const q = new URLSearchParams({ apiKey: key, theme })
      const res = await service.handle(
        new Request(`http://bench/api/v2.asmx/${op}?${q.toString()}`)
      )
      bytes += (await res.arrayBuffer()).byteLength
    }
  }
  return { ms: performance.now() - t, bytes }
}

async function themeNames(service: ReturnType<typeof createReferenceService>): Promise<string[]> {
  const res = await service.handle(
    new Request(`http://bench/api/v2.asmx/getThemes?apiKey=${service.demo.apiKey}`)
  )
  const xml = await res.text()
  return [...xml.matchAll(/<theme>([^<]*)<\/theme>/g)].map((m) =>
    (m[1] ?? '').replaceAll('&amp;', '&')
  )
}

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).map(Number)
  const rows: string[] = []
  for (const size of sizes.length > 0 ? sizes : [20_000, 200_000]) {
    const service = createReferenceService({ sets: size, seed: 1 })
    const themes = await themeNames(service)
    await allThemes(service, themes.slice(0, 3))
    const load = loadAverages()
    const passes: number[] = []
    let bytes = 0
    for (let pass = 0; pass < PASSES; pass++) {
      const run = await allThemes(service, themes)
      passes.push(run.ms)
      bytes = run.bytes
    }
    service.close()
    const ms = [...passes].sort((a, b) => a - b)[Math.floor(PASSES / 2)] ?? 0
    const row = `| ${size.toLocaleString('en-GB')} | ${themes.length} | ${(themes.length * 2).toString()} | ${ms.toFixed(0)} | ${Math.min(...passes).toFixed(0)} | ${(ms / (themes.length * 2)).toFixed(2)} | ${(bytes / 1024).toFixed(0)} | ${load} |`
    process.stdout.write(`${row}\n`)
    rows.push(row)
  }
  const date = new Date().toISOString().slice(0, 10)
  const body = [
    `Measured ${date} on ${machine()}, by \`npx tsx bench/emulator-aggregates.ts\`.`,
    '',
    `getSubthemes and getYears (v2, HTTP GET, in-process \`handle\`) for every theme of the catalogue, one call after another, after a warm-up of three themes; median and fastest of ${PASSES.toString()} passes. "load" is the load average just before the passes.`,
    '',
    '| Sets | themes | calls | median ms | fastest ms | ms/call | kB | load (1, 5, 15 min) |',
    '|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    BEFORE,
    ''
  ].join('\n')
  writeSection('Reference service: per-theme aggregates', body)
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
  process.exit(1)
})
