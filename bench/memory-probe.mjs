/**
 * Loaded with NODE_OPTIONS=--import=bench/memory-probe.mjs into a host (never shipped): where the
 * host's memory goes. Every thread writes its own peak figures to STUDBOOK_MEMORY_OUT.<pid>.<threadId>
 * once a second: the main thread its process.memoryUsage() parts at the peak of RSS, each worker
 * its V8 heap peak and what identifies it (its workerData). Usage, e.g.:
 *   STUDBOOK_MEMORY_OUT=/tmp/mem/run NODE_OPTIONS=--import=$PWD/bench/memory-probe.mjs \
 *     npx tsx bench/stalls.ts --only first
 * Plain JS, so NODE_OPTIONS can load it before tsx; every process of the run writes its own files.
 *
 * The main thread also keeps a timeline (STUDBOOK_MEMORY_OUT.<pid>.timeline, one JSON line per
 * 250 ms): RSS split into anonymous and file-backed pages (/proc/self/status) and which worker
 * threads were alive then, by their entry file (the probe wraps worker_threads.Worker to learn
 * it), so a peak can be laid against the threads that made it.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename } from 'node:path'
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from 'node:v8'
import { isMainThread, threadId, workerData } from 'node:worker_threads'

const out = process.env['STUDBOOK_MEMORY_OUT']
if (out !== undefined && out !== '') {
  const mb = (n) => Math.round(n / 1048576)
  let peak = { rss: 0 }
  let heapPeak = 0
  const sample = () => {
    const h = getHeapStatistics()
    heapPeak = Math.max(heapPeak, h.used_heap_size)
    if (isMainThread) {
      const m = process.memoryUsage()
      if (m.rss > peak.rss) peak = m
    }
  }
  const write = () => {
    const h = getHeapStatistics()
    const record = {
      threadId,
      main: isMainThread,
      what: isMainThread
        ? process.argv.slice(1, 3).join(' ')
        : JSON.stringify(workerData ?? null).slice(0, 120),
      heapPeakMb: mb(heapPeak),
      heapNowMb: mb(h.used_heap_size),
      heapTotalMb: mb(h.total_heap_size),
      heapLimitMb: mb(h.heap_size_limit),
      mallocedMb: mb(h.malloced_memory),
      externalMb: mb(h.external_memory ?? 0),
      ...(isMainThread
        ? {
            atPeakRss: Object.fromEntries(Object.entries(peak).map(([k, v]) => [k, mb(v)]))
          }
        : {})
    }
    writeFileSync(`${out}.${process.pid}.${threadId}`, JSON.stringify(record))
  }
  const s = setInterval(sample, 50)
  s.unref()
  const w = setInterval(write, 1000)
  w.unref()
  process.on('exit', write)

  if (!isMainThread) {
    // Each worker's own heap on the same timeline, so a peak can be split between threads.
    let ticks = 0
    const wt = setInterval(() => {
      // With --expose-gc, every 2 s a full collection first: what the thread really holds.
      const collect = typeof globalThis.gc === 'function' && ++ticks % 8 === 0
      if (collect) globalThis.gc()
      const h = getHeapStatistics()
      appendFileSync(
        `${out}.${process.pid}.timeline`,
        `${JSON.stringify({
          at: Date.now(),
          thread: threadId,
          ...(collect ? { afterGc: true } : {}),
          heap: mb(h.total_heap_size),
          used: mb(h.used_heap_size),
          external: mb(h.external_memory ?? 0),
          malloced: mb(h.malloced_memory)
        })}\n`
      )
    }, 250)
    wt.unref()
  }
  if (isMainThread) {
    // Which workers live, by entry file: the built host calls `new node_worker_threads.Worker`
    // through the module object, so replacing its export reaches every thread it starts.
    const require = createRequire(import.meta.url)
    const threads = require('node:worker_threads')
    const Base = threads.Worker
    const alive = new Map()
    const t0 = performance.now()
    threads.Worker = class ProbedWorker extends Base {
      constructor(url, options) {
        super(url, options)
        const name = basename(String(url)).replace(/\.[jt]s$/, '')
        const id = this.threadId
        alive.set(id, name)
        appendFileSync(
          `${out}.${process.pid}.timeline`,
          `${JSON.stringify({ t: Math.round(performance.now() - t0), start: name, id })}\n`
        )
        this.once('exit', () => {
          alive.delete(id)
          appendFileSync(
            `${out}.${process.pid}.timeline`,
            `${JSON.stringify({ t: Math.round(performance.now() - t0), end: name, id })}\n`
          )
        })
      }
    }
    const status = () => {
      const text = readFileSync('/proc/self/status', 'utf8')
      const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0)
      return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile'), hwm: kb('VmHWM') }
    }
    const tick = setInterval(() => {
      const st = status()
      const m = process.memoryUsage()
      appendFileSync(
        `${out}.${process.pid}.timeline`,
        `${JSON.stringify({
          t: Math.round(performance.now() - t0),
          at: Date.now(),
          rss: Math.round(st.rss / 1024),
          anon: Math.round(st.anon / 1024),
          file: Math.round(st.file / 1024),
          hwm: Math.round(st.hwm / 1024),
          mainHeap: mb(m.heapTotal),
          mainUsed: mb(m.heapUsed),
          spaces: Object.fromEntries(
            getHeapSpaceStatistics().map((x) => [
              x.space_name.replace('_space', ''),
              mb(x.space_size)
            ])
          ),
          external: mb(m.external),
          workers: [...alive.values()].join(',')
        })}\n`
      )
    }, 250)
    tick.unref()
    // STUDBOOK_MEMORY_SNAPSHOT_MS: a heap snapshot of the main thread then (it collects first, so
    // the heap's size after it is what is really held; that is written to the timeline too).
    const snapAt = Number(process.env['STUDBOOK_MEMORY_SNAPSHOT_MS'] ?? 0)
    if (snapAt > 0) {
      setTimeout(() => {
        const file = writeHeapSnapshot(`${out}.${process.pid}.heapsnapshot`)
        const m = process.memoryUsage()
        appendFileSync(
          `${out}.${process.pid}.timeline`,
          `${JSON.stringify({ t: Math.round(performance.now() - t0), snapshot: file, heldMb: mb(m.heapUsed) })}\n`
        )
      }, snapAt).unref()
    }
  }
}
