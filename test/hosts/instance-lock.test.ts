import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireInstanceLock, LOCK_FILE, lockHeldMessage } from '../../src/main/hosts/instance-lock'
import { spawnTs } from './host-process'
import type { Spawned } from './host-process'

const dirs: string[] = []
const children: ChildProcess[] = []
const hosts: Spawned[] = []
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.stop()
  for (const child of children.splice(0)) child.kill()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'studbook-lock-'))
  dirs.push(dir)
  return dir
}

/** A live process that has nothing to do with Studbook: what a reused pid belongs to. */
async function unrelatedProcess(): Promise<number> {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' })
  children.push(child)
  await new Promise((resolve) => child.once('spawn', resolve))
  return child.pid ?? 0
}

/** A lock file as a Studbook that died a day ago left it. */
function leaveLock(dir: string, content: string): string {
  const file = join(dir, LOCK_FILE)
  writeFileSync(file, content)
  const dayAgo = Date.now() / 1000 - 24 * 60 * 60
  utimesSync(file, dayAgo, dayAgo)
  return file
}

describe('the data-folder lock', () => {
  it('a stale lock whose pid now belongs to another process does not block the browser host', async () => {
    const dir = dataDir()
    // What an older Studbook wrote: the pid alone.
    const file = leaveLock(dir, String(await unrelatedProcess()))
    const host = spawnTs(
      'src/main/hosts/web.ts',
      ['--data-dir', dir, '--no-sync', '--demo-sets', '20', '--port', '0'],
      { STUDBOOK_NO_OPEN: '1' }
    )
    hosts.push(host)
    await host.waitFor(/Studbook is running at/)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      pid: host.child.pid,
      host: 'browser'
    })
    await host.stop()
    expect(await host.exited).toBe(0)
    expect(existsSync(file)).toBe(false)
  })

  it('a lock naming a live pid that started at another time is taken over', async () => {
    const dir = dataDir()
    const pid = await unrelatedProcess()
    leaveLock(dir, JSON.stringify({ pid, started: 'another-boot:12345', host: 'electron' }))
    const lock = acquireInstanceLock(dir, 'browser')
    expect('release' in lock).toBe(true)
    // The test runner's parent, named in a pid-only lock written before it started, is no owner.
    leaveLock(dir, String(process.ppid))
    expect('release' in acquireInstanceLock(dir, 'browser')).toBe(true)
  })

  it('a lock held by a running host blocks, and says which host and process hold it', async () => {
    const dir = dataDir()
    const holder = spawnTs('test/hosts/fixtures/hold-lock.ts', [dir, 'electron'])
    hosts.push(holder)
    await holder.waitFor(/^held$/m)
    const result = acquireInstanceLock(dir, 'browser')
    expect(result).toEqual({
      heldBy: { pid: holder.child.pid, host: 'electron' },
      file: join(dir, LOCK_FILE)
    })
    if (!('heldBy' in result)) return
    expect(lockHeldMessage(result, dir)).toMatch(
      new RegExp(
        `^The Studbook app is already running on this data folder \\(process ${String(holder.child.pid)}\\)`
      )
    )
    await holder.stop()
    expect('release' in acquireInstanceLock(dir, 'browser')).toBe(true)
  })

  it('an older pid-only lock naming a process older than the file still counts', () => {
    const dir = dataDir()
    writeFileSync(join(dir, LOCK_FILE), String(process.ppid))
    expect(acquireInstanceLock(dir, 'browser')).toMatchObject({
      heldBy: { pid: process.ppid, host: null }
    })
  })
})
