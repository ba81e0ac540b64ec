/**
 * Loaded into a host process with `--import` by the stall benchmarks (never shipped): it measures
 * the host main thread's event-loop delay and peak RSS, and on SIGUSR2 writes what it saw since the
 * last report to the file named by STUDBOOK_STALL_OUT, then starts over. The host itself is not
 * changed for measuring: what is measured is exactly what ships.
 */
import { writeFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'

const out = process.env['STUDBOOK_STALL_OUT']
if (out !== undefined && out !== '') {
  // 10 ms resolution: a stall shorter than that is not one a user could notice.
  let histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  let peakRss = process.memoryUsage.rss()
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss())
  }, 50)
  sampler.unref()
  // The histogram records a stall when its next timer fires: a signal that arrives right after a
  // long block would otherwise end the report before that block is counted.
  process.on('SIGUSR2', () => {
    setTimeout(report, 25)
  })
  const report = (): void => {
    histogram.disable()
    const ms = (ns: number): number => Math.round(ns / 1e5) / 10
    const cpu = process.cpuUsage()
    const main = process.threadCpuUsage()
    const seen = {
      maxMs: ms(histogram.max),
      p99Ms: ms(histogram.percentile(99)),
      meanMs: ms(histogram.mean),
      peakRssMb: Math.round(Math.max(peakRss, process.memoryUsage.rss()) / 1048576),
      // CPU time of the whole process (every thread) since it started: what the work costs,
      // which a busy machine changes far less than the wall-clock times.
      cpuS: Math.round((cpu.user + cpu.system) / 1e4) / 100,
      // The main thread's own CPU time since it started: the work that holds the thread that
      // answers, which a busy machine changes less than any wall-clock figure.
      mainCpuS: Math.round((main.user + main.system) / 1e4) / 100
    }
    writeFileSync(out, JSON.stringify(seen))
    histogram = monitorEventLoopDelay({ resolution: 10 })
    histogram.enable()
    peakRss = process.memoryUsage.rss()
  }
}
