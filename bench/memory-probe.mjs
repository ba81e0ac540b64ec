/**
 * Loaded with NODE_OPTIONS=--import=bench/memory-probe.mjs into a host (never shipped): where the
 * host's memory goes. Every thread writes its own peak figures to STUDBOOK_MEMORY_OUT.<pid>.<threadId>
 * once a second: the main thread its process.memoryUsage() parts at the peak of RSS, each worker
 * its V8 heap peak and what identifies it (its workerData). Usage, e.g.:
 *   STUDBOOK_MEMORY_OUT=/tmp/mem/run NODE_OPTIONS=--import=$PWD/bench/memory-probe.mjs \
 *     npx tsx bench/stalls.ts --only first
 * Plain JS, so NODE_OPTIONS can load it before tsx; every process of the run writes its own files.
 */
import { writeFileSync } from 'node:fs'
import { getHeapStatistics } from 'node:v8'
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
}
