import { PerformanceObserver } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'

/**
 * The host's young generation, kept near its starting size from inside the process. Node lets it
 * grow to 32 MB (two 16 MB semi-spaces): V8 doubles it whenever many objects survive a scavenge,
 * and the host's start and a connect's pages and answers do, so all 32 MB were resident at the
 * connect's peak RSS. `--max-semi-space-size` only counts when the isolate is made (a command-line
 * flag, which `npm run serve`, tests and benchmarks would each have to pass; setting it later is
 * ignored). The growth factor is read at each growth, so a factor of 1 stops it: set first thing,
 * since the host's start alone grows it to 32 MB. Starting a worker thread puts V8's flags back
 * to Node's (measured on Node 22), and the host starts workers throughout a sync, so the factor
 * is set again once each worker is online, and after every GC for what that misses.
 */
export function capYoungGeneration(): void {
  const stopGrowing = (): void => {
    setFlagsFromString('--semi-space-growth-factor=1')
  }
  stopGrowing()
  process.on('worker', (worker) => {
    worker.once('online', stopGrowing)
  })
  new PerformanceObserver(stopGrowing).observe({ type: 'gc' })
}
