import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HOST_V8_FLAGS, hostEnv } from '../../scripts/host-launch.mjs'

/**
 * Issue #25: a host's threads each took a glibc malloc arena of their own and kept its pages
 * (28 MB in six thread arenas at a connect's peak). The launcher (scripts/start.mjs) and the stall
 * benchmark start a host with `hostEnv`, which bounds them. Seen here in a process with six
 * threads that allocate, counting the arenas in its memory map.
 */
const FIXTURE = join(import.meta.dirname, 'fixtures/malloc-arenas.mjs')
const YOUNG = join(import.meta.dirname, 'fixtures/young-generation.mjs')

function glibc(): boolean {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } }
  return process.platform === 'linux' && report.header?.glibcVersionRuntime !== undefined
}

/** The number a fixture prints, run by this Node with `args` in `env`. */
function printedBy(args: readonly string[], env: NodeJS.ProcessEnv): number {
  const r = spawnSync(process.execPath, args, { env, encoding: 'utf8', timeout: 60_000 })
  expect(r.status, r.stderr).toBe(0)
  return Number(r.stdout.trim())
}

/** This process's environment without `name`. */
function without(name: string): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== name))
}

function arenasWith(env: NodeJS.ProcessEnv): number {
  return printedBy([FIXTURE], env)
}

/** The young generation's size in MB after a burst of short-lived objects, started with `flags`. */
function youngMbWith(flags: readonly string[]): number {
  return printedBy([...flags, YOUNG], without('NODE_OPTIONS'))
}

describe('the environment a host is started with', () => {
  it('keeps a MALLOC_ARENA_MAX the user set', () => {
    expect(hostEnv({ MALLOC_ARENA_MAX: '4', HOME: '/h' })).toMatchObject({
      MALLOC_ARENA_MAX: '4',
      HOME: '/h'
    })
  })

  it.runIf(glibc())('leaves a host of six allocating threads at most one thread arena', () => {
    // The meter first: without the bound, the threads hold several.
    expect(arenasWith(without('MALLOC_ARENA_MAX'))).toBeGreaterThan(2)
    expect(arenasWith(hostEnv(without('MALLOC_ARENA_MAX')))).toBeLessThanOrEqual(1)
  })

  it('bounds the young generation of its main thread to 8 MB (V8 grows it to 32 by default)', () => {
    // The meter first: without the flags the same burst grows it past the bound.
    expect(youngMbWith([])).toBeGreaterThan(8)
    expect(youngMbWith(HOST_V8_FLAGS)).toBeLessThanOrEqual(8)
  })
})
