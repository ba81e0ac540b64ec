import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnTs } from './host-process'

/**
 * Issue 26: a data folder on a read-only file system stopped the browser host with a raw
 * "EROFS: read-only file system, open …/studbook.lock". It must say what is wrong and what to do.
 * Needs the right to mount (a real read-only tmpfs); where that is missing the test says so.
 */

let dir = ''
let mounted = false

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'studbook-read-only-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m,mode=0700', 'tmpfs', dir], {
      stdio: 'ignore'
    })
    mounted = true
  } catch {
    mounted = false
  }
})

afterAll(() => {
  if (mounted) execFileSync('umount', [dir], { stdio: 'ignore' })
  rmSync(dir, { recursive: true, force: true })
})

describe('a read-only data folder', () => {
  it('stops the browser host with words that name the folder and the way out', async (ctx) => {
    if (!mounted) ctx.skip('no right to mount a read-only tmpfs here')
    const host = spawnTs('src/main/hosts/web.ts', ['--data-dir', dir, '--no-sync'], {
      STUDBOOK_CREDENTIALS: 'memory'
    })
    expect(await host.exited).toBe(1)
    const said = host.output()
    expect(said).toContain(`Studbook cannot write to its data folder ${dir}`)
    expect(said).toMatch(/read-only/)
    expect(said).toContain('--data-dir')
    expect(said).not.toMatch(/EROFS/)
  })
})
