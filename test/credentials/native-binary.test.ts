import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  nativeMismatch,
  parseNativeHeader,
  readNativeHeader
} from '../../src/main/credentials/native-binary'
import {
  ELF_386,
  ELF_AARCH64,
  ELF_PPC64,
  ELF_X86_64,
  elfHeader,
  fatMachOHeader,
  MACHO_ARM64,
  MACHO_X86_64,
  machOHeader,
  PE_AMD64,
  PE_ARM64,
  PE_I386,
  peHeader
} from '../fixtures/native/headers'

const dir = mkdtempSync(join(tmpdir(), 'studbook-native-'))
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('native module headers', () => {
  it.each([
    ['ELF x86-64', elfHeader(ELF_X86_64), 'linux', ['x64']],
    ['ELF AArch64', elfHeader(ELF_AARCH64), 'linux', ['arm64']],
    ['ELF i386, 32-bit', elfHeader(ELF_386, { bits: 32 }), 'linux', ['ia32']],
    ['ELF big-endian ppc64', elfHeader(ELF_PPC64, { bigEndian: true }), 'linux', ['ppc64']],
    ['Mach-O x86_64', machOHeader(MACHO_X86_64), 'darwin', ['x64']],
    ['Mach-O arm64', machOHeader(MACHO_ARM64), 'darwin', ['arm64']],
    ['universal Mach-O', fatMachOHeader([MACHO_X86_64, MACHO_ARM64]), 'darwin', ['x64', 'arm64']],
    ['PE AMD64', peHeader(PE_AMD64), 'win32', ['x64']],
    ['PE ARM64', peHeader(PE_ARM64), 'win32', ['arm64']],
    ['PE i386 with a long DOS stub', peHeader(PE_I386, 0x400), 'win32', ['ia32']]
  ])('reads %s', (_name, bytes, platform, arches) => {
    expect(parseNativeHeader(bytes)).toMatchObject({ platform, arches })
  })

  it.each([
    ['an empty file', Buffer.alloc(0)],
    ['text', Buffer.from('module.exports = {}\n')],
    ['an ELF magic cut short', Buffer.from('\x7fELF\x02', 'latin1')],
    ['an MZ stub pointing past its end', peHeader(PE_AMD64).subarray(0, 0x60)],
    ['a Java class file (shares the universal magic)', Buffer.from('cafebabe00000041', 'hex')]
  ])('refuses %s', (_name, bytes) => {
    expect(parseNativeHeader(bytes)).toBeNull()
  })

  it('names an unknown machine instead of guessing one', () => {
    expect(parseNativeHeader(elfHeader(0x1234))?.arches).toEqual(['unknown machine 0x1234'])
  })

  it('reads the header from a file', () => {
    const file = join(dir, 'win.node')
    writeFileSync(file, Buffer.concat([peHeader(PE_ARM64), Buffer.alloc(10_000)]))
    expect(readNativeHeader(file)).toEqual({ format: 'PE', platform: 'win32', arches: ['arm64'] })
  })

  it('says in words why a binary does not fit a target, and nothing when it does', () => {
    const linuxArm = parseNativeHeader(elfHeader(ELF_AARCH64))
    expect(nativeMismatch(linuxArm, { platform: 'linux', arch: 'arm64' })).toBeNull()
    expect(nativeMismatch(linuxArm, { platform: 'linux', arch: 'x64' })).toBe(
      'it is built for Linux arm64, not Linux x64'
    )
    const winX64 = parseNativeHeader(peHeader(PE_AMD64))
    expect(nativeMismatch(winX64, { platform: 'darwin', arch: 'x64' })).toBe(
      'it is built for Windows x64, not macOS x64'
    )
    const universal = parseNativeHeader(fatMachOHeader([MACHO_X86_64, MACHO_ARM64]))
    expect(nativeMismatch(universal, { platform: 'darwin', arch: 'arm64' })).toBeNull()
    expect(nativeMismatch(null, { platform: 'linux', arch: 'x64' })).toMatch(/not a native module/)
  })

  it("reads better-sqlite3's real prebuilds as the platforms their names say", () => {
    const prebuilds = join(
      dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
      'prebuilds'
    )
    for (const [file, platform, arch] of [
      ['linux-x64.node', 'linux', 'x64'],
      ['linux-arm64.node', 'linux', 'arm64'],
      ['darwin-x64.node', 'darwin', 'x64'],
      ['darwin-arm64.node', 'darwin', 'arm64'],
      ['win32-x64.node', 'win32', 'x64'],
      ['win32-arm64.node', 'win32', 'arm64']
    ] as const) {
      expect(nativeMismatch(readNativeHeader(join(prebuilds, file)), { platform, arch })).toBeNull()
    }
  })
})
