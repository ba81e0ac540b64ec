import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  updateFeedFile,
  updaterConfigProblems,
  updaterOutputProblems
} from '../../scripts/update-targets.mjs'

const root = join(import.meta.dirname, '../..')
const { load } = createRequire(import.meta.url)('js-yaml') as { load: (text: string) => unknown }
const config = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<
  string,
  unknown
>
const clone = (): Record<string, unknown> => structuredClone(config)

describe("package:check, each updater's needs in the configuration", () => {
  it('electron-builder.yml gives every target what its updater needs', () => {
    expect(updaterConfigProblems(config)).toEqual([])
  })

  it('fails a Mac build without a zip for each architecture', () => {
    const c = clone()
    c['mac'] = { ...(c['mac'] as object), target: [{ target: 'dmg', arch: ['x64', 'arm64'] }] }
    expect(updaterConfigProblems(c)).toEqual([
      'mac x64 builds no zip: its updater installs only from one (and its latest-mac.yml)',
      'mac arm64 builds no zip: its updater installs only from one (and its latest-mac.yml)'
    ])
    c['mac'] = {
      ...(c['mac'] as object),
      target: [
        { target: 'dmg', arch: ['x64', 'arm64'] },
        { target: 'zip', arch: ['x64'] }
      ]
    }
    expect(updaterConfigProblems(c)).toEqual([
      'mac arm64 builds no zip: its updater installs only from one (and its latest-mac.yml)'
    ])
  })

  it('fails Windows without NSIS and Linux without an AppImage', () => {
    const c = clone()
    c['win'] = { ...(c['win'] as object), target: [{ target: 'msi', arch: ['x64'] }] }
    c['linux'] = { ...(c['linux'] as object), target: [{ target: 'deb', arch: ['x64'] }] }
    expect(updaterConfigProblems(c)).toEqual([
      'win x64 builds no nsis: its updater installs only from one (and its latest.yml)',
      'linux x64 builds no AppImage: its updater installs only from one (and its latest-linux.yml)'
    ])
  })

  it('fails when no feed, or a platform switches it off, so no latest*.yml is written', () => {
    const c = clone()
    c['publish'] = null
    c['nsis'] = { ...(c['nsis'] as object), publish: null }
    expect(updaterConfigProblems(c)).toEqual([
      'publish is not configured: no latest*.yml is written, so no build can update',
      'nsis.publish switches the update feed off: no win latest*.yml'
    ])
  })

  it('names the feed files as electron-builder writes them', () => {
    expect(updateFeedFile('win', 'arm64')).toBe('latest.yml')
    expect(updateFeedFile('mac', 'arm64')).toBe('latest-mac.yml')
    expect(updateFeedFile('linux', 'x64')).toBe('latest-linux.yml')
    expect(updateFeedFile('linux', 'arm64')).toBe('latest-linux-arm64.yml')
  })
})

describe("package:check, each updater's needs in the built output", () => {
  const work = mkdtempSync(join(tmpdir(), 'studbook-dist-'))
  afterAll(() => {
    rmSync(work, { recursive: true, force: true })
  })
  let n = 0
  /** A dist folder with these files; a `.yml` value is written as YAML from the object. */
  function dist(files: Record<string, string | object>): string {
    const dir = join(work, String(n++))
    mkdirSync(dir)
    for (const [name, body] of Object.entries(files)) {
      writeFileSync(
        join(dir, name),
        typeof body === 'string'
          ? body
          : `version: ${(body as { version: string }).version}\nfiles:\n${(
              body as { files: string[] }
            ).files
              .map((u) => `  - url: ${u}\n    sha512: abc==\n    size: 1\n`)
              .join('')}`
      )
    }
    return dir
  }
  const v = '1.2.3'

  it.each([
    {
      build: 'a Mac arm64 build with its dmg, zip and latest-mac.yml',
      files: {
        'Studbook-1.2.3-arm64.dmg': 'x',
        'Studbook-1.2.3-arm64-mac.zip': 'x',
        'latest-mac.yml': { version: v, files: ['Studbook-1.2.3-arm64-mac.zip'] }
      }
    },
    {
      build: 'a Linux build with its AppImage and latest-linux.yml',
      files: {
        'studbook_1.2.3_amd64.deb': 'x',
        'Studbook-1.2.3-x64.AppImage': 'x',
        'latest-linux.yml': { version: v, files: ['Studbook-1.2.3-x64.AppImage'] }
      }
    }
  ])('passes $build', ({ files }) => {
    expect(updaterOutputProblems(dist(files), config, v)).toEqual({ checked: true, problems: [] })
  })

  it('fails a Mac build with a dmg only', () => {
    const dir = dist({ 'Studbook-1.2.3-x64.dmg': 'x' })
    expect(updaterOutputProblems(dir, config, v).problems).toEqual([
      `mac x64: ${dir} holds no .zip to update from`,
      `mac x64: latest-mac.yml is missing from ${dir}`
    ])
  })

  it('fails a Windows installer without latest.yml, or one listing another version', () => {
    const missing = dist({ 'Studbook-Setup-1.2.3-x64.exe': 'x' })
    expect(updaterOutputProblems(missing, config, v).problems).toEqual([
      `win x64: latest.yml is missing from ${missing}`
    ])
    const stale = dist({
      'Studbook-Setup-1.2.3-x64.exe': 'x',
      'latest.yml': { version: '1.2.2', files: ['Studbook-Setup-1.2.2-x64.exe'] }
    })
    expect(updaterOutputProblems(stale, config, v).problems).toEqual([
      'latest.yml is for version 1.2.2, not 1.2.3',
      'latest.yml lists no .exe of win x64 (it lists Studbook-Setup-1.2.2-x64.exe)',
      `latest.yml lists Studbook-Setup-1.2.2-x64.exe, which is not in ${stale}`
    ])
  })

  it('fails a Linux deb without its AppImage', () => {
    const dir = dist({ 'studbook_1.2.3_amd64.deb': 'x', 'Studbook-1.2.3-x86_64.AppImage.x': '' })
    const r = updaterOutputProblems(dir, config, v)
    expect(r.checked).toBe(true)
    expect(r.problems[0]).toMatch(/^linux .*holds no \.AppImage to update from$/)
  })

  it('checks nothing where there is no output of this version', () => {
    expect(updaterOutputProblems(join(work, 'none'), config, v)).toEqual({
      checked: false,
      problems: []
    })
    const old = dist({ 'Studbook-1.2.2-x64.dmg': 'x' })
    expect(updaterOutputProblems(old, config, v)).toEqual({ checked: false, problems: [] })
  })
})
