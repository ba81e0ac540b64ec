import { mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { staleRunFolders } from './worker-bundles'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function parentWith(names: string[]): string {
  const parent = mkdtempSync(join(tmpdir(), 'studbook-bundles-'))
  dirs.push(parent)
  for (const n of names) mkdirSync(join(parent, n))
  return parent
}

describe('worker bundle folders left by a killed run', () => {
  it('are found by their run having ended; a running one is kept', () => {
    const parent = parentWith(['run-101-aa', 'run-202-bb', 'run-303-cc', 'other'])
    const running = new Set([202])
    const stale = staleRunFolders(parent, (pid) => running.has(pid)).map((p) => basename(p))
    expect(stale.sort()).toEqual(['run-101-aa', 'run-303-cc'])
  })

  it("of this very process are kept, with the real check of a process's life", () => {
    const parent = parentWith([`run-${String(process.pid)}-xy`])
    expect(staleRunFolders(parent)).toEqual([])
  })

  it('without a pid in the name go once a day old, not before', () => {
    const parent = parentWith(['run-old123', 'run-new456'])
    const now = Date.now()
    const twoDaysAgo = (now - 2 * 24 * 60 * 60 * 1000) / 1000
    utimesSync(join(parent, 'run-old123'), twoDaysAgo, twoDaysAgo)
    const stale = staleRunFolders(parent, () => true, now).map((p) => basename(p))
    expect(stale).toEqual(['run-old123'])
  })
})
