/**
 * Loaded into a host process with `--import` by the stall benchmarks (never shipped): it measures
 * the host main thread's event-loop delay and peak RSS, and on SIGUSR2 writes what it saw since the
 * last report to the file named by STUDBOOK_STALL_OUT, then starts over. The host itself is not
 * changed for measuring: what is measured is exactly what ships.
 *
 * Plain JS and main thread only: every worker thread inherits the host's `--import`, and as
 * TypeScript each one stripped this file's types (about 70 ms of CPU a worker at start-up, while
 * the first sync runs), then ran its own 1 ms timers beside the app's work.
 */
import { writeFileSync } from 'node:fs'
import { Server } from 'node:net'
import { getHeapSpaceStatistics } from 'node:v8'
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'
import { isMainThread } from 'node:worker_threads'

const out = process.env['STUDBOOK_STALL_OUT']
if (out !== undefined && out !== '' && isMainThread) {
  // 10 ms resolution: a stall shorter than that is not one a user could notice.
  let histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  // The same at 1 ms: its maximum overstates the longest block by at most 1 ms, where the 10 ms
  // histogram's overstates it by up to 10 (a 30 ms block read 34.6 ms there).
  let fine = monitorEventLoopDelay({ resolution: 1 })
  fine.enable()
  // The same again from the moment the host listens: before it does, no call can wait (the
  // host loads its modules and opens its data), so a block there is start-up time, reported
  // apart (`listenedAtS`). The hook only notes when; the server is the host's own.
  /** @type {ReturnType<typeof monitorEventLoopDelay> | null} */
  let answering = null
  /** @type {number | null} */
  let listenedAt = null
  const listen = Server.prototype.listen
  Server.prototype.listen = function (...args) {
    this.once('listening', () => {
      if (listenedAt !== null) return
      listenedAt = performance.now()
      answering = monitorEventLoopDelay({ resolution: 1 })
      answering.enable()
    })
    return listen.apply(this, args)
  }
  let peakRss = process.memoryUsage.rss()
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss())
  }, 50)
  sampler.unref()
  // What the longest stall was: a 5 ms timer chain notes its longest gap and when, and V8's GC
  // pauses (kind, start, duration) are kept, so the report can say which pauses fell inside it.
  // The histogram alone cannot: it records whole intervals between its 10 ms ticks, so a block of
  // B ms shows as B to B + 10 ms and says nothing of what ran.
  let gap = { ms: 0, at: 0 }
  // The same since the host listened: the longest gap a call could have waited in, and when.
  let answeringGap = { ms: 0, at: 0 }
  let last = performance.now()
  const chain = () => {
    const now = performance.now()
    if (now - last > gap.ms) gap = { ms: now - last, at: last }
    if (listenedAt !== null && last >= listenedAt && now - last > answeringGap.ms)
      answeringGap = { ms: now - last, at: last }
    last = now
    setTimeout(chain, 5).unref()
  }
  chain()
  /** @type {Record<number, string>} */
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb'
  }
  /** @type {{ kind: string, at: number, ms: number }[]} */
  let pauses = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = /** @type {{ detail?: { kind?: number } | null }} */ (e).detail?.kind ?? 0
      pauses.push({ kind: kinds[kind] ?? String(kind), at: e.startTime, ms: e.duration })
    }
  }).observe({ type: 'gc' })
  // The histogram records a stall when its next timer fires: a signal that arrives right after a
  // long block would otherwise end the report before that block is counted.
  process.on('SIGUSR2', () => {
    setTimeout(report, 25)
  })
  /** The GC pauses that overlap a gap of the chain. */
  const pausesIn = (g) =>
    pauses
      .filter((p) => p.at < g.at + g.ms && p.at + p.ms > g.at)
      .map((p) => `${p.kind} ${p.ms.toFixed(1)}`)
  const report = () => {
    histogram.disable()
    fine.disable()
    answering?.disable()
    const ms = (ns) => Math.round(ns / 1e5) / 10
    const cpu = process.cpuUsage()
    const main = process.threadCpuUsage()
    const seen = {
      maxMs: ms(histogram.max),
      maxFineMs: ms(fine.max),
      // The 1 ms histogram's maximum since the host listened (null before it has).
      answeringMaxFineMs: answering === null ? null : ms(answering.max),
      listenedAtS: listenedAt === null ? null : Math.round(listenedAt / 10) / 100,
      p99Ms: ms(histogram.percentile(99)),
      meanMs: ms(histogram.mean),
      peakRssMb: Math.round(Math.max(peakRss, process.memoryUsage.rss()) / 1048576),
      // CPU time of the whole process (every thread) since it started: what the work costs,
      // which a busy machine changes far less than the wall-clock times. It still follows the
      // machine's own speed: one guest's memory made the same first run cost 6.6-11.7 s.
      cpuS: Math.round((cpu.user + cpu.system) / 1e4) / 100,
      // The main thread's own CPU time since it started: the work that holds the thread that
      // answers, which a busy machine changes less than any wall-clock figure.
      mainCpuS: Math.round((main.user + main.system) / 1e4) / 100,
      // The young generation's size now: what --max-semi-space-size and growth left it at.
      newSpaceMb: Math.round(
        (getHeapSpaceStatistics().find((h) => h.space_name === 'new_space')?.space_size ?? 0) /
          1048576
      ),
      // The longest gap of the 5 ms chain, and the GC pauses that overlap it.
      gapMs: Math.round(gap.ms * 10) / 10,
      // When it began, in seconds from the probe's start (the host's module loading comes first:
      // a gap there is before the host listens, so no call waits in it).
      gapAtS: Math.round(gap.at / 10) / 100,
      gapGc: pausesIn(gap),
      // The longest gap since the host listened, when it began, and the GC pauses inside it.
      answeringGapMs: Math.round(answeringGap.ms * 10) / 10,
      answeringGapAtS: Math.round(answeringGap.at / 10) / 100,
      answeringGapGc: pausesIn(answeringGap),
      // The longest GC pause of each kind, and how many there were.
      gc: Object.fromEntries(
        Object.values(kinds).map((k) => {
          const of = pauses.filter((p) => p.kind === k)
          return [k, `${String(of.length)}× max ${Math.max(0, ...of.map((p) => p.ms)).toFixed(1)}`]
        })
      )
    }
    writeFileSync(out, JSON.stringify(seen))
    histogram = monitorEventLoopDelay({ resolution: 10 })
    histogram.enable()
    fine = monitorEventLoopDelay({ resolution: 1 })
    fine.enable()
    answering?.reset()
    answering?.enable()
    peakRss = process.memoryUsage.rss()
    gap = { ms: 0, at: 0 }
    answeringGap = { ms: 0, at: 0 }
    pauses = []
  }
}
