import { readFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkPackagedNatives } from '../../scripts/after-pack.mjs'
import { ELECTRON_V8_SWITCH } from '../../scripts/host-launch.mjs'
import { carriedFor, configuredTargets, nativeProblems } from '../../scripts/native-targets.mjs'
import { DATA_FOLDER_NAME } from '../../src/main/hosts/data-dir'
import { ELF_AARCH64, ELF_X86_64, elfHeader } from '../fixtures/native/headers'

const root = join(import.meta.dirname, '../..')
// js-yaml is what electron-builder itself parses its config with.
const { load } = createRequire(import.meta.url)('js-yaml') as { load: (text: string) => unknown }

interface BuilderConfig {
  electronFuses: Record<string, boolean>
  npmRebuild: boolean
  nodeGypRebuild: boolean
  asarUnpack: string[]
  files: string[]
  productName: string
  executableName: string
  publish: { provider: string; url: string } | null
  nsis: { buildUniversalInstaller?: boolean; artifactName: string }
  dmg: { artifactName: string }
  appImage: { artifactName: string }
  fileAssociations: { ext: string; name: string; mimeType: string; role: string }[]
  mac: {
    artifactName: string
    hardenedRuntime: boolean
    notarize: boolean
    entitlements: string
    target: { target: string }[]
    icon: string
  }
  win: { target: { target: string; arch: string[] }[]; icon: string }
  linux: {
    target: { target: string; arch: string[] }[]
    icon: string
    maintainer: string
    syncDesktopName: boolean
    category: string
    executableArgs: string[]
    desktop: { entry: Record<string, string> }
  }
}

const config = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig

function pngSize(file: string): [number, number] {
  const data = readFileSync(file)
  expect(data.subarray(1, 4).toString('ascii')).toBe('PNG')
  return [data.readUInt32BE(16), data.readUInt32BE(20)]
}

describe('electron-builder configuration', () => {
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

  it('ships the build output only, without source maps', () => {
    expect(config.files).toEqual(expect.arrayContaining(['package.json', 'out/**/*', '!**/*.map']))
    expect(config.files.filter((f) => !f.startsWith('!'))).toEqual(['package.json', 'out/**/*'])
  })

  it('publishes updates to a generic feed the build names, one folder per target', () => {
    expect(config.publish).toEqual({
      provider: 'generic',
      url: '${env.STUDBOOK_UPDATE_URL}/${os}/${arch}'
    })
  })

  it('targets NSIS, a notarized hardened-runtime dmg and zip, AppImage and deb', () => {
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis'])
    // The zip is what electron-updater updates a Mac app from.
    expect(config.mac.target).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] }
    ])
    expect(config.mac.artifactName).toContain('${arch}')
    expect(config.mac.hardenedRuntime).toBe(true)
    expect(config.mac.notarize).toBe(true)
    expect(config.linux.target.map((t) => t.target)).toEqual(['AppImage', 'deb'])
    expect(config.linux.maintainer).toMatch(/<.+@.+>/)
  })

  it('makes one installer per platform and architecture, named for it', () => {
    expect(configuredTargets(config).map((t) => `${t.platform}-${t.arch}`)).toEqual([
      'darwin-x64',
      'darwin-arm64',
      'win32-x64',
      'win32-arm64',
      'linux-x64'
    ])
    // NSIS otherwise adds a third installer carrying both architectures.
    expect(config.nsis.buildUniversalInstaller).toBe(false)
    for (const name of [config.nsis, config.dmg, config.appImage].map((c) => c.artifactName)) {
      expect(name).toContain('${arch}')
    }
  })

  it('opens .studbook backups, with a MIME type the Linux desktop entry names', () => {
    expect(config.fileAssociations).toEqual([
      expect.objectContaining({
        ext: 'studbook',
        name: 'Studbook backup',
        mimeType: 'application/x-studbook',
        role: 'Viewer'
      })
    ])
    expect(config.linux.category).toBe('Utility')
    expect(config.linux.desktop.entry['GenericName']).toBe('Collection Manager')
    expect(config.linux.desktop.entry['Keywords']).toMatch(/^([^;]+;)+$/)
    expect(config.linux.desktop.entry['Keywords']).toContain('collection;')
  })

  it('names the product, its data folder and its desktop entry alike', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      productName?: string
      desktopName?: string
    }
    expect(pkg.productName).toBe('Studbook')
    expect(config.productName).toBe(pkg.productName)
    expect(DATA_FOLDER_NAME).toBe(pkg.productName)
    expect(pkg.desktopName).toBe(`${config.executableName}.desktop`)
    expect(config.linux.syncDesktopName).toBe(true)
  })

  it("starts the Linux app with the host's V8 flags, as the launcher starts it", () => {
    // Electron's main process reads V8 flags only from its command line (issue #25: RSS).
    expect(config.linux.executableArgs).toEqual([ELECTRON_V8_SWITCH])
  })
})

describe('native binaries per target', () => {
  const work = mkdtempSync(join(tmpdir(), 'studbook-natives-'))
  afterAll(() => {
    rmSync(work, { recursive: true, force: true })
  })

  it.each(configuredTargets(config))(
    "the $platform $arch package carries better-sqlite3's prebuild for it and no other",
    (target) => {
      const carried = carriedFor(config, target)
      const sqlite = carried.get('better-sqlite3') ?? []
      expect(sqlite.map((f) => relative(dirname(dirname(f)), f))).toEqual([
        `prebuilds/${target.platform}-${target.arch}.node`
      ])
      expect(nativeProblems(new Map([['better-sqlite3', sqlite]]), target)).toEqual([])
    }
  )

  /** An unpacked package with the given `.node` files, as electron-builder lays it out. */
  function packageWith(name: string, files: Record<string, Buffer>): string {
    const resources = join(work, name, 'resources')
    for (const [path, bytes] of Object.entries(files)) {
      const file = join(resources, 'app.asar.unpacked', 'node_modules', path)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, bytes)
    }
    return resources
  }
  const x64 = elfHeader(ELF_X86_64)
  const arm64 = elfHeader(ELF_AARCH64)
  const linuxX64 = { platform: 'linux', arch: 'x64' }

  it('the afterPack check passes a package whose binaries all fit its target', () => {
    const resources = packageWith('fits', {
      'better-sqlite3/prebuilds/linux-x64.node': x64,
      'keytar/build/Release/keytar.node': x64
    })
    expect(checkPackagedNatives(resources, linuxX64)).toEqual([])
  })

  it('the afterPack check refuses a keytar built for another architecture', () => {
    const resources = packageWith('foreign', {
      'better-sqlite3/prebuilds/linux-x64.node': x64,
      'keytar/build/Release/keytar.node': arm64
    })
    expect(checkPackagedNatives(resources, linuxX64)).toEqual([
      'app.asar.unpacked/node_modules/keytar/build/Release/keytar.node: it is built for Linux arm64, not Linux x64'
    ])
  })

  it('the afterPack check refuses a package missing a native module', () => {
    const resources = packageWith('missing', { 'keytar/build/Release/keytar.node': x64 })
    expect(checkPackagedNatives(resources, linuxX64)).toEqual([
      'better-sqlite3 carries no native binary for Linux x64'
    ])
  })

  it('the afterPack check refuses a file with no native header at all', () => {
    const resources = packageWith('junk', {
      'better-sqlite3/prebuilds/linux-x64.node': x64,
      'keytar/build/Release/keytar.node': Buffer.from('not a binary')
    })
    expect(checkPackagedNatives(resources, linuxX64).join('\n')).toMatch(
      /keytar\.node: it is not a native module/
    )
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
