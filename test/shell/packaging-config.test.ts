import { readFileSync, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
// js-yaml is what electron-builder itself parses its config with.
const { load } = createRequire(import.meta.url)('js-yaml') as { load: (text: string) => unknown }

interface BuilderConfig {
  electronFuses: Record<string, boolean>
  npmRebuild: boolean
  nodeGypRebuild: boolean
  asarUnpack: string[]
  files: string[]
  publish: unknown
  mac: {
    hardenedRuntime: boolean
    notarize: boolean
    entitlements: string
    target: { target: string }[]
    icon: string
  }
  win: { target: { target: string }[]; icon: string }
  linux: { target: string[]; icon: string; maintainer: string }
}

const config = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig

function pngSize(file: string): [number, number] {
  const data = readFileSync(file)
  expect(data.subarray(1, 4).toString('ascii')).toBe('PNG')
  return [data.readUInt32BE(16), data.readUInt32BE(20)]
}

describe('electron-builder configuration (R-SEC-7)', () => {
  it('sets every security fuse', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false
    })
  })

  it('never rebuilds native modules and unpacks them from the asar', () => {
    expect(config.npmRebuild).toBe(false)
    expect(config.nodeGypRebuild).toBe(false)
    expect(config.asarUnpack).toContain('**/*.node')
  })

  it('ships the build output only, without source maps, and never publishes', () => {
    expect(config.files).toEqual(expect.arrayContaining(['package.json', 'out/**/*', '!**/*.map']))
    expect(config.files.filter((f) => !f.startsWith('!'))).toEqual(['package.json', 'out/**/*'])
    expect(config.publish).toBeNull()
  })

  it('targets NSIS, a notarized hardened-runtime dmg, AppImage and deb', () => {
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis'])
    expect(config.mac.target.map((t) => t.target)).toEqual(['dmg'])
    expect(config.mac.hardenedRuntime).toBe(true)
    expect(config.mac.notarize).toBe(true)
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
    expect(config.linux.maintainer).toMatch(/<.+@.+>/)
  })

  it('grants the macOS app nothing beyond JIT', () => {
    const plist = readFileSync(join(root, config.mac.entitlements), 'utf8')
    const keys = [...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1])
    expect(keys).toEqual(['com.apple.security.cs.allow-jit'])
  })
})

describe('icons', () => {
  it.each([16, 24, 32, 48, 64, 128, 256, 512, 1024])('has a %ipx PNG for Linux', (size) => {
    expect(pngSize(join(root, config.linux.icon, `${size}x${size}.png`))).toEqual([size, size])
  })

  it('has a Windows .ico with the sizes Windows asks for', () => {
    const ico = readFileSync(join(root, config.win.icon))
    expect(ico.readUInt16LE(2)).toBe(1)
    const count = ico.readUInt16LE(4)
    const sizes = Array.from({ length: count }, (_, i) => ico[6 + i * 16] || 256)
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256])
  })

  it('has a macOS .icns up to 1024px and a window icon', () => {
    const icns = readFileSync(join(root, config.mac.icon))
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    expect(icns.includes(Buffer.from('ic10'))).toBe(true)
    expect(existsSync(join(root, 'resources/icon.png'))).toBe(true)
    expect(pngSize(join(root, 'resources/icon.png'))).toEqual([512, 512])
  })
})
