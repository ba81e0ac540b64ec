import { monitorEventLoopDelay } from 'node:perf_hooks'
import { dispatch } from '../src/main/ipc/dispatch'
import type { Result } from '../src/shared/ipc/result'
import type { ImportPreviewDto } from '../src/shared/model/exchange'
import { importProfile } from '../test/exchange/import-profile'
import { csvManyRows } from '../test/fixtures/hostile/imports/corpus'
import { loadAverages } from './doc-section'

/**
 * `npx tsx bench/stall-import.ts`: how long an import holds the host's main thread, on a
 * catalogue of 20,000 sets. For each step: the event loop's delay while it runs (perf_hooks,
 * max and p99, 1 ms resolution), the step's own time, the process's peak RSS above where it
 * started (sampled every 20 ms: the worker's heap is in this process too, so RSS counts host and
 * worker together; the main thread's own heap growth is given beside it), with the load average
 * just before it (the machine is shared). Every call goes through dispatch, as a host's would.
 *
 * Steps: an idle control (what the load alone costs the loop); preview and apply of a 5,000-row Brickset file (the bytes as the screens send them);
 * a 100,000-row preview (the row cap: 20,000 sets to change, 80,000 rows the catalogue lacks);
 * the same preview cancelled once it reads; the 900,000-row hostile file (refused at the cap).
 */
const CATALOGUE = 20_000

function file(rows: number): Buffer[] {
  const lines = ['Number,Qty owned,Wanted,Notes']
  for (let i = 1; i <= rows; i++) {
    lines.push(`${i}-1,${(i % 3) + 1},No,"A note for row ${i}, long enough to be a real one"`)
  }
  return [Buffer.from(lines.join('\r\n'))]
}

async function measure<T>(label: string, run: () => Promise<T>): Promise<T> {
  const load = `load average: ${loadAverages()}`
  global.gc?.()
  const base = process.memoryUsage.rss()
  const heapBase = process.memoryUsage().heapUsed
  let peak = base
  let heapPeak = heapBase
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
  }, 20)
  const h = monitorEventLoopDelay({ resolution: 1 })
  h.enable()
  // Its timer must be running before the step starts, or a block at once goes unrecorded.
  await new Promise((resolve) => setTimeout(resolve, 20))
  const t0 = performance.now()
  const value = await run()
  const took = performance.now() - t0
  // The histogram records a block only when its timer fires after it: let it fire once more.
  await new Promise((resolve) => setTimeout(resolve, 20))
  h.disable()
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage.rss())
  const ms = (ns: number): string => `${(ns / 1e6).toFixed(1)} ms`
  const mb = (b: number): string => `${Math.round(b / 1048576)} MB`
  console.log(
    `${label}: took ${took.toFixed(0)} ms; main thread held at most ${ms(h.max)} ` +
      `(p99 ${ms(h.percentile(99))}); peak RSS +${mb(peak - base)} (from ${mb(base)} to ${mb(peak)}; ` +
      `main thread's heap +${mb(heapPeak - heapBase)}, the rest is the worker and native memory); ${load}`
  )
  return value
}

function value(r: Result<unknown>): unknown {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value
}

async function main(): Promise<void> {
  const { h: harness, handlers } = await importProfile(CATALOGUE)
  try {
    const call = (channel: string, input: unknown): Promise<Result<unknown>> =>
      dispatch(handlers, channel, input)
    console.log(`import stalls, catalogue of ${CATALOGUE.toLocaleString('en')} sets`)

    // The control: the loop's delay with nothing to do, at this load (2 cores shared).
    await measure('idle, 3 s (control)', () => new Promise((resolve) => setTimeout(resolve, 3000)))

    const small = file(5_000)
    const p = (await measure('preview, 5,000 rows', async () =>
      value(await call('exchange:previewImport', { format: 'collection', data: small }))
    )) as ImportPreviewDto
    await measure(
      `apply, ${p.itemsTotal.toLocaleString('en')} changes (one journal entry)`,
      async () => value(await call('exchange:applyImport', { previewId: p.previewId }))
    )

    const large = file(100_000)
    const big = (await measure('preview, 100,000 rows', async () =>
      value(await call('exchange:previewImport', { format: 'collection', data: large }))
    )) as ImportPreviewDto
    console.log(
      `  (${big.items.length.toLocaleString('en')} changes, ${big.problems.length.toLocaleString('en')} rows not used)`
    )

    await measure('preview, 100,000 rows, cancelled once reading', async () => {
      const jobId = 'bench-cancel'
      const running = call('exchange:previewImport', { format: 'collection', data: large, jobId })
      for (;;) {
        const now = value(await call('exchange:importProgress', { jobId })) as {
          stage: string
        } | null
        if (now !== null && now.stage !== 'waiting') break
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      value(await call('exchange:cancelImport', { jobId }))
      const r = await running
      if (r.ok || r.error.code !== 'cancelled') throw new Error('the preview was not cancelled')
    })

    const hostile = [csvManyRows().bytes]
    await measure('preview, 900,000-row hostile file (refused at the cap)', async () => {
      const r = await call('exchange:previewImport', { format: 'collection', data: hostile })
      if (r.ok) throw new Error('the 900,000-row file was not refused')
    })
  } finally {
    harness.close()
  }
}

void main()
