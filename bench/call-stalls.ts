import { loadavg } from 'node:os'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { dispatch } from '../src/main/ipc/dispatch'
import type { Handlers } from '../src/shared/ipc/contract'
import { machine, percentile } from './doc-section'

/**
 * Times a feature's calls as the window makes them, and the event loop's longest delay while they
 * run: each row `| name | n | p50 ms | p95 ms | longest stall ms | load |`. The stall is the loop's
 * longest delay, not a call's whole time (a call may yield between its queries).
 */
export function callStalls(handlers: Handlers, n: number) {
  const rows: string[] = []
  let worst = 0
  const ok = async (channel: Parameters<typeof dispatch>[1], input: unknown): Promise<unknown> => {
    const res = await dispatch(handlers, channel, input)
    if (!res.ok) throw new Error(res.error.message)
    return res.value
  }
  const measure = async (name: string, call: () => Promise<unknown>): Promise<void> => {
    for (let i = 0; i < 3; i++) await call()
    const times: number[] = []
    const delay = monitorEventLoopDelay({ resolution: 1 })
    delay.enable()
    for (let i = 0; i < n; i++) {
      // Back to the loop between calls, as between two requests: a call's own block is measured,
      // never a run of calls that resolved on microtasks alone.
      await new Promise((resolve) => setImmediate(resolve))
      const t = performance.now()
      await call()
      times.push(performance.now() - t)
    }
    await new Promise((resolve) => setTimeout(resolve, 5))
    delay.disable()
    times.sort((a, b) => a - b)
    const max = delay.max / 1e6
    worst = Math.max(worst, max)
    const load = (loadavg()[0] ?? 0).toFixed(1)
    const row = `| ${name} | ${n} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} | ${max.toFixed(1)} | ${load} |`
    console.log(row)
    rows.push(row)
  }
  return { ok, measure, rows, worst: () => worst }
}

/** How a stall is measured, as most call benches say it; a bench that does more says its own. */
const STALL_METHOD =
  'Each call runs on the main thread through dispatch; the stall is the longest event-loop delay\n' +
  '(perf_hooks.monitorEventLoopDelay) while the n calls ran.'

/**
 * The docs/benchmarks.md part of a bench made with callStalls: who measured it where, what was in
 * the store (`setup`), how the stall is measured (`method`), the goal, the worst stall and the rows.
 */
export function stallSection(o: {
  readonly script: string
  readonly setup: string
  readonly method?: string
  readonly worst: number
  readonly rows: readonly string[]
}): string {
  const date = new Date().toISOString().slice(0, 10)
  return `Measured ${date} on ${machine()}, by \`npx tsx bench/${o.script}.ts\` (bench/${o.script}.ts).
${o.setup}
${o.method ?? STALL_METHOD}
Goal: max under 50 ms. Worst here: ${o.worst.toFixed(1)} ms. The load column is \`uptime\`'s 1-minute average after the row.

| Call | n | call p50 ms | call p95 ms | longest loop delay ms | load |
|---|---:|---:|---:|---:|---:|
${o.rows.join('\n')}`
}
