/**
 * The main thread's share of one 500-set v3 getSets page (issue 25), measured by the main event
 * loop's own busy time (performance.eventLoopUtilization) and its worst stall (1 ms timer probe):
 *
 * - before: the worker parsed the JSON and posted the raw page in one message; the main thread
 *   received it whole, checked it with the page schema and mapped it (the old setsOfPage);
 * - after: the worker checks and maps each record and sends the records in parts of 100; the
 *   main thread receives them (setsOfPage).
 *
 * Both from the same bytes in the same run; `npx tsx bench/decode-v3.ts` runs this part alone.
 */
import { loadavg } from 'node:os'
import { Worker } from 'node:worker_threads'
import { createReferenceService } from '../src/emulator/index'
import { decodeOffThread, stopDecodeWorker } from '../src/main/service/decode-pool'
import type { DecodeInput } from '../src/main/service/decode-response'
import { setFromV3, setsOfPage } from '../src/main/sync/pull/v3-sets'
import { parseV3SetsPage } from '../src/shared/protocol/v3-sets'
import type { V3SetsAnswer } from '../src/shared/protocol/v3-set-records'
import { postV3GetSets } from '../test/service/reference-v3'
import { withLoopTicks } from './loop-ticks'

export interface V3PageFigures {
  readonly bytes: number
  readonly records: number
  /** Median main-thread busy ms per page. */
  readonly beforeMs: number
  readonly afterMs: number
  /** Worst main-loop stall (ms) seen over all runs. */
  readonly beforeStall: number
  readonly afterStall: number
  readonly load: string
}

async function pageBody(): Promise<string> {
  const svc = createReferenceService({ sets: 600, seed: 1 })
  const res = await postV3GetSets(svc, { pageSize: 500, orderBy: 'Number' })
  const body = await res.text()
  svc.close()
  return body
}

// The old worker's share: JSON.parse, then one message holding the whole page.
const RAW_WORKER = `
const { parentPort } = require('node:worker_threads')
parentPort.on('message', (body) => parentPort.postMessage(JSON.parse(body)))
`

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? 0
}

/** Main-thread busy ms and worst stall while `run` takes one page from bytes to flat records. */
async function measure(run: () => Promise<unknown>): Promise<{ busy: number; stall: number }> {
  const { value: busy, worst: stall } = await withLoopTicks(async () => {
    await new Promise((r) => setTimeout(r, 5))
    const from = performance.eventLoopUtilization()
    await run()
    return performance.eventLoopUtilization(from).active
  })
  return { busy, stall }
}

export async function v3PageMainThread(runs = 15): Promise<V3PageFigures> {
  const body = await pageBody()
  const input: DecodeInput = {
    service: 'v3',
    operation: 'getSets',
    binding: 'httpPost',
    namespace: 'https://brickset.com/api/',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body
  }
  const raw = new Worker(RAW_WORKER, { eval: true })
  const rawPage = (): Promise<unknown> =>
    new Promise((resolve) => {
      raw.once('message', resolve)
      raw.postMessage(body)
    })
  const before = async (): Promise<number> => {
    const page = parseV3SetsPage(await rawPage())
    return page.sets.map(setFromV3).length
  }
  const after = async (): Promise<number> =>
    setsOfPage((await decodeOffThread(input)) as V3SetsAnswer)?.sets.length ?? 0
  const records = await after()
  await before()
  const b: { busy: number; stall: number }[] = []
  const a: { busy: number; stall: number }[] = []
  for (let i = 0; i < runs; i++) {
    b.push(await measure(before))
    a.push(await measure(after))
  }
  await raw.terminate()
  await stopDecodeWorker()
  return {
    bytes: Buffer.byteLength(body),
    records,
    beforeMs: median(b.map((x) => x.busy)),
    afterMs: median(a.map((x) => x.busy)),
    beforeStall: Math.max(...b.map((x) => x.stall)),
    afterStall: Math.max(...a.map((x) => x.stall)),
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')
  }
}

/** The figures as the lines bench/decode.ts writes into docs/benchmarks.md. */
export function v3PageLines(f: V3PageFigures): string[] {
  return [
    `Main thread per v3 getSets page (${f.records} sets, ${(f.bytes / 1000).toFixed(0)} kB JSON; median busy time of the main event loop over 15 pages, worst stall of a 1 ms timer; load average ${f.load}):`,
    '',
    '| v3 page | main-thread busy ms | worst stall ms |',
    '|---|---:|---:|',
    `| before: raw page in one message, schema and mapping on the main thread | ${f.beforeMs.toFixed(1)} | ${f.beforeStall.toFixed(1)} |`,
    `| after: checked and mapped in the worker, records in parts of 100 | ${f.afterMs.toFixed(1)} | ${f.afterStall.toFixed(1)} |`,
    '',
    `Ratio before/after: ${(f.beforeMs / f.afterMs).toFixed(2)}.`
  ]
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  void v3PageMainThread().then((f) => {
    console.log(v3PageLines(f).join('\n'))
  })
}
