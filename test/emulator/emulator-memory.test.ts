import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { generateCatalogue } from '../../src/emulator/catalogue'
import { catalogueFigures } from '../../src/emulator/minifigs'
import { createReferenceThread } from '../../src/emulator/reference-thread'
import type { ServiceState } from '../../src/emulator/context'

// The demo service's catalogue lives in the host's process (a worker thread), so its size counts in
// the app's RSS: at 200,000 sets the per-set JS objects and the id Map held 76 MB of heap.
// Measured after a full collection, so the figure is what stays, not what was garbage.

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function heapAfterGc(): number {
  gc()
  gc()
  const m = process.memoryUsage()
  // Typed arrays live outside the heap but in the RSS all the same.
  return m.heapUsed + m.arrayBuffers
}

describe('catalogue memory', () => {
  it('keeps a generated catalogue under 150 bytes a set (heap and typed arrays)', () => {
    const size = 50_000
    const before = heapAfterGc()
    const cat = generateCatalogue(1, size)
    const perSet = (heapAfterGc() - before) / size
    expect(cat.sets).toHaveLength(size)
    expect(perSet).toBeLessThan(150)
  })

  it('keeps the figure index (each figure and the sets holding it) under 60 bytes a set (heap and typed arrays)', () => {
    const size = 50_000
    const cat = generateCatalogue(1, size)
    const before = heapAfterGc()
    const figures = catalogueFigures({ cat } as ServiceState)
    const perSet = (heapAfterGc() - before) / size
    expect(figures.count).toBeGreaterThan(size / 2)
    expect(perSet).toBeLessThan(60)
  })

  it('runs the demo thread under a heap ceiling that still fits 200,000 sets', async () => {
    const thread = createReferenceThread({ sets: 200_000, seed: 1 })
    try {
      const demo = await thread.start()
      const limits = thread.worker()?.resourceLimits
      // V8's default ceiling is ~4 GB; garbage grew the thread's heap to twice its live size.
      expect(limits?.maxOldGenerationSizeMb ?? Infinity).toBeLessThan(512)
      expect(limits?.maxYoungGenerationSizeMb ?? Infinity).toBeLessThanOrEqual(16)
      // The last page of the whole catalogue in number order: every set sorted, under the ceiling.
      const res = await thread.fetch(
        new Request('https://demo.studbook.invalid/api/v3.asmx/getSets', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            apiKey: demo.apiKey,
            userHash: '',
            params: "{orderBy:'Number',pageSize:500,pageNumber:400}"
          }).toString()
        })
      )
      expect(res.status).toBe(200)
      expect(((await res.json()) as { sets?: unknown[] }).sets).toHaveLength(500)
    } finally {
      await thread.close()
    }
  })

  it('ends an idle demo thread that keeps a file, and the next call starts one with the data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-idle-'))
    const thread = createReferenceThread(
      { sets: 300, seed: 1, dbPath: join(dir, 'service.db') },
      { idleMs: 50 }
    )
    try {
      const demo = await thread.start()
      const first = thread.worker()
      expect(first).not.toBeNull()
      const exited = new Promise((resolve) => first?.once('exit', resolve))
      await exited
      expect(thread.worker()).toBeNull()
      const again = await thread.start()
      expect(again.apiKey).toBe(demo.apiKey)
      expect(thread.worker()).not.toBe(first)
      const res = await thread.fetch(
        new Request(`https://demo.studbook.invalid/api/v2.asmx/getThemes?apiKey=${demo.apiKey}`)
      )
      expect(res.status).toBe(200)
    } finally {
      await thread.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('keeps a demo thread without a file, whose data would be lost', async () => {
    const thread = createReferenceThread({ sets: 300, seed: 1 }, { idleMs: 1 })
    try {
      await thread.start()
      const w = thread.worker()
      // Many idle periods pass while the thread answers one call after another.
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setTimeout(r, 20))
        expect(thread.worker()).toBe(w)
      }
    } finally {
      await thread.close()
    }
  })
})
