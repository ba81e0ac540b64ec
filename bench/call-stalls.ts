import { loadavg } from 'node:os'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { dispatch } from '../src/main/ipc/dispatch'
import type { Handlers } from '../src/shared/ipc/contract'
import { percentile } from './doc-section'

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
