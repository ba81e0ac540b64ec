import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { spawnTs } from './host-process'
import type { Spawned } from './host-process'

const FIXTURE = join(__dirname, 'fixtures/young-generation-report.mjs')
const running: Spawned[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('the browser host process', () => {
  // Node's default lets the young generation grow to 32 MB (two 16 MB semi-spaces), all of it
  // resident at a connect's peak. The host stops its growth (young-generation.ts): it ends at 4-8
  // MB, and at 16 when a doubling slips in between a worker's start and the factor set again.
  it('keeps its young generation small however much survives its scavenges', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studbook-young-'))
    dirs.push(dir)
    const host = spawnTs(
      'src/main/hosts/web.ts',
      ['--port', '0', '--data-dir', join(dir, 'data'), '--no-sync'],
      {
        NODE_OPTIONS: `--import=${FIXTURE}`,
        STUDBOOK_NO_OPEN: '1',
        ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent'
      }
    )
    running.push(host)
    await host.waitFor(/running at http/)
    host.child.kill('SIGUSR2')
    const [, bytes] = await host.waitFor(/new_space (\d+) kept/)
    expect(Number(bytes)).toBeGreaterThan(0)
    expect(Number(bytes)).toBeLessThan(32 * 1048576)
  }, 60_000)
})
