import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { spawnTs } from './host-process'
import type { Spawned } from './host-process'

const posix = process.platform !== 'win32'
const dirs: string[] = []
const hosts: Spawned[] = []
let umask = 0
beforeEach(() => {
  // The hosts started here inherit it: the usual umask, which lets every user read new files.
  umask = process.umask(0o022)
})
afterEach(async () => {
  process.umask(umask)
  for (const host of hosts.splice(0)) await host.stop()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'studbook-private-'))
  dirs.push(dir)
  chmodSync(dir, 0o755)
  return dir
}

/** Every path under `dir` whose mode lets another user in, with that mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = []
  const visit = (path: string): void => {
    const s = lstatSync(path)
    if (s.isSymbolicLink()) return
    if ((s.mode & 0o077) !== 0) found.push(`${path} ${(s.mode & 0o777).toString(8)}`)
    if (s.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name))
  }
  visit(dir)
  return found
}

const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8)

/**
 * The browser host from the sources, with `xdg-open` (or `open`) replaced by a script that writes
 * down what it was handed.
 */
function startHost(dataDir: string, bin: string, args: string[] = []): Spawned {
  mkdirSync(bin, { recursive: true })
  const opened = join(bin, 'opened.txt')
  for (const name of ['xdg-open', 'open']) {
    writeFileSync(
      join(bin, name),
      `#!/bin/sh\nprintf '%s\\n' "$@" > '${opened}.tmp'\nmv '${opened}.tmp' '${opened}'\n`,
      {
        mode: 0o755
      }
    )
  }
  const host = spawnTs(
    'src/main/hosts/web.ts',
    ['--data-dir', dataDir, '--no-sync', '--demo-sets', '20', '--port', '0', ...args],
    { PATH: `${bin}:${process.env.PATH ?? ''}` }
  )
  hosts.push(host)
  return host
}

describe.runIf(posix)('the data folder is private', () => {
  it('a new data folder is 0700 and every file in it 0600: database, WAL, logs, lock', async () => {
    const parent = scratch()
    const dataDir = join(parent, 'Studbook')
    const host = startHost(dataDir, join(parent, 'bin'))
    await host.waitFor(/Studbook is running at/)
    expect(mode(dataDir)).toBe('700')
    for (const file of ['studbook.db', 'studbook.db-wal', 'studbook.db-shm', 'studbook.lock']) {
      expect(mode(join(dataDir, file)), file).toBe('600')
    }
    expect(mode(join(dataDir, 'logs', 'studbook.log'))).toBe('600')
    expect(openToOthers(dataDir)).toEqual([])
  })

  it('a folder an older Studbook left readable is made private at start', async () => {
    const parent = scratch()
    const dataDir = join(parent, 'Studbook')
    mkdirSync(join(dataDir, 'backups'), { recursive: true, mode: 0o755 })
    chmodSync(dataDir, 0o755)
    writeFileSync(join(dataDir, 'backups', 'studbook-old.studbook'), 'old backup', { mode: 0o644 })
    chmodSync(join(dataDir, 'backups', 'studbook-old.studbook'), 0o644)
    const host = startHost(dataDir, join(parent, 'bin'))
    await host.waitFor(/Studbook is running at/)
    expect(openToOthers(dataDir)).toEqual([])
    expect(readFileSync(join(dataDir, 'backups', 'studbook-old.studbook'), 'utf8')).toBe(
      'old backup'
    )
  })

  it('the browser opener is handed a private file, never the token', async () => {
    const parent = scratch()
    const dataDir = join(parent, 'Studbook')
    const bin = join(parent, 'bin')
    const host = startHost(dataDir, bin, ['--open'])
    const [, url = '', token = ''] = await host.waitFor(
      /Studbook is running at (http:\/\/127\.0\.0\.1:\d+\/\?token=(\S+))/
    )
    const opened = join(bin, 'opened.txt')
    await host.waitFor(/Opening .* in your browser/)
    // The opener runs on its own; wait until it has been handed its argument.
    while (!existsSync(opened)) await new Promise((resolve) => setTimeout(resolve, 20))
    const handed = readFileSync(opened, 'utf8').trim()
    // What the opener gets is in its command line, which every user of the machine can read.
    expect(handed).not.toContain(token)
    const page = handed.startsWith('file:') ? fileURLToPath(handed) : handed
    expect(page.startsWith(dataDir)).toBe(true)
    expect(mode(page)).toBe('600')
    expect(readFileSync(page, 'utf8')).toContain(url)
    await host.stop()
    expect(existsSync(page)).toBe(false)
  })
})
