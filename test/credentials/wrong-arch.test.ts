import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { loadKeytar } from '../../src/main/credentials/index'
import { describeTarget } from '../../src/main/credentials/native-binary'
import { PE_ARM64, peHeader } from '../fixtures/native/headers'

/**
 * An installer made on the wrong machine carries a keytar.node for another architecture: the app
 * must start, keep sign-ins in memory, and say so plainly, once, in the words the user sees.
 */
const require = createRequire(import.meta.url)
const keytarDir = dirname(require.resolve('keytar/package.json'))
const prebuilds = join(dirname(require.resolve('better-sqlite3/package.json')), 'prebuilds')
const child = fileURLToPath(new URL('./fixtures/select-child.ts', import.meta.url))
const redirect = fileURLToPath(new URL('./fixtures/keytar-redirect.mjs', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'studbook-wrong-arch-'))
afterAll(() => {
  rmSync(work, { recursive: true, force: true })
})

const host = { platform: process.platform, arch: process.arch }
// A real binary this machine cannot load: the same OS's other architecture when there is one.
const foreign =
  host.platform === 'linux'
    ? { platform: 'linux', arch: host.arch === 'arm64' ? 'x64' : 'arm64' }
    : { platform: 'linux', arch: 'x64' }

/** A copy of keytar (its JavaScript as installed) whose native module is the given file. */
function keytarWith(name: string, binary: (file: string) => void): string {
  const dir = join(work, name)
  mkdirSync(join(dir, 'lib'), { recursive: true })
  mkdirSync(join(dir, 'build', 'Release'), { recursive: true })
  copyFileSync(join(keytarDir, 'package.json'), join(dir, 'package.json'))
  copyFileSync(join(keytarDir, 'lib', 'keytar.js'), join(dir, 'lib', 'keytar.js'))
  binary(join(dir, 'build', 'Release', 'keytar.node'))
  return dir
}

interface ChildResult {
  kind: string
  remembered: boolean
  message: string | null
  detail: string | null
  readBack: string | null
  warnings: string[]
}

function selectWith(dir: string): ChildResult {
  const r = spawnSync(process.execPath, ['--import', redirect, '--import', 'tsx', child], {
    env: { ...process.env, STUDBOOK_TEST_KEYTAR_DIR: dir },
    encoding: 'utf8',
    timeout: 30_000
  })
  // Not a crash: the process ends normally and reports.
  expect(r.status, r.stderr).toBe(0)
  return JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as ChildResult
}

describe('a keytar built for another machine', () => {
  it(`keeps sign-ins in memory and says why plainly (a real ${foreign.platform}-${foreign.arch} binary)`, () => {
    const dir = keytarWith('real-foreign', (file) => {
      copyFileSync(join(prebuilds, `${foreign.platform}-${foreign.arch}.node`), file)
    })
    const out = selectWith(dir)
    expect(out.kind).toBe('memory')
    expect(out.remembered).toBe(false)
    expect(out.message).toBe(
      'Your sign-in is kept only while Studbook runs, because the part of Studbook that talks ' +
        'to the keychain was built for another kind of computer. You will sign in again after ' +
        'quitting.'
    )
    expect(out.detail).toBe(
      `its native module (keytar.node): it is built for ${describeTarget(foreign)}, not ` +
        describeTarget(host)
    )
    // Reported once, with the reason, not hidden behind dlopen's misleading "No such file".
    expect(out.warnings).toEqual([`${out.message} (${out.detail})`])
    // Still working: what is signed in now is held for this session.
    expect(out.readBack).toBe('child-key')
  })

  it('names the platform too when the binary is for another OS (a synthetic PE header)', () => {
    const dir = keytarWith('windows', (file) => {
      writeFileSync(file, peHeader(PE_ARM64))
    })
    const out = selectWith(dir)
    expect(out.kind).toBe('memory')
    expect(out.detail).toContain(`it is built for Windows arm64, not ${describeTarget(host)}`)
    expect(out.warnings).toHaveLength(1)
  })

  it('the loader refuses a binary whose header does not fit the host, before loading it', async () => {
    // This machine's keytar.node read as if this were a computer of another architecture.
    const other = { platform: host.platform, arch: host.arch === 'x64' ? 'arm64' : 'x64' }
    await expect(loadKeytar(other)).rejects.toMatchObject({
      name: 'KeytarLoadError',
      message: `its native module (keytar.node): it is built for ${describeTarget(host)}, not ${describeTarget(other)}`
    })
  })
})
