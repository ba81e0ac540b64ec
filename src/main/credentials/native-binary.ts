import { closeSync, openSync, readSync } from 'node:fs'

/**
 * What a native module (`.node`) was built for, read from its header: ELF (Linux), Mach-O (macOS)
 * or PE (Windows). The keytar loader uses it to say plainly why a binary cannot load, and the
 * packaging scripts use it to refuse an installer carrying another target's binary.
 *
 * Self-contained on purpose (Node built-ins only, no enums): scripts/*.mjs import this file directly
 * through Node's type stripping.
 */

type NativePlatform = 'linux' | 'darwin' | 'win32'

interface NativeHeader {
  readonly format: 'ELF' | 'Mach-O' | 'PE'
  readonly platform: NativePlatform
  /** Node's names (process.arch) where one exists; a universal Mach-O lists each slice. */
  readonly arches: readonly string[]
}

interface NativeTarget {
  readonly platform: string
  readonly arch: string
}

// e_machine values from the ELF specification and its processor supplements.
const ELF_MACHINES: Record<number, string> = {
  3: 'ia32',
  8: 'mips',
  20: 'ppc',
  21: 'ppc64',
  22: 's390x',
  40: 'arm',
  62: 'x64',
  183: 'arm64',
  243: 'riscv64',
  258: 'loong64'
}
// cputype values from <mach/machine.h>: CPU_ARCH_ABI64 (0x01000000) marks the 64-bit variants.
const MACHO_CPUS: Record<number, string> = {
  7: 'ia32',
  0x01000007: 'x64',
  12: 'arm',
  0x0100000c: 'arm64',
  18: 'ppc',
  0x01000012: 'ppc64'
}
// IMAGE_FILE_MACHINE_* values from the PE format specification.
const PE_MACHINES: Record<number, string> = {
  0x014c: 'ia32',
  0x8664: 'x64',
  0xaa64: 'arm64',
  0x01c4: 'arm',
  0xa641: 'arm64ec'
}

const machineName = (table: Record<number, string>, value: number): string =>
  table[value] ?? `unknown machine 0x${value.toString(16)}`

function elf(bytes: Buffer): NativeHeader | null {
  if (bytes.length < 20) return null
  const littleEndian = bytes[5] === 1
  if (!littleEndian && bytes[5] !== 2) return null
  const machine = littleEndian ? bytes.readUInt16LE(18) : bytes.readUInt16BE(18)
  return { format: 'ELF', platform: 'linux', arches: [machineName(ELF_MACHINES, machine)] }
}

function machO(bytes: Buffer): NativeHeader | null {
  if (bytes.length < 8) return null
  const magic = bytes.readUInt32BE(0)
  // Thin binaries: 0xfeedface/0xfeedfacf written little-endian on every current Apple CPU.
  if (magic === 0xcefaedfe || magic === 0xcffaedfe) {
    return {
      format: 'Mach-O',
      platform: 'darwin',
      arches: [machineName(MACHO_CPUS, bytes.readUInt32LE(4))]
    }
  }
  // Universal (fat) binaries: big-endian header, then 20-byte (or 32-byte, fat64) entries.
  if (magic === 0xcafebabe || magic === 0xcafebabf) {
    const count = bytes.readUInt32BE(4)
    const entry = magic === 0xcafebabe ? 20 : 32
    // Java class files share 0xcafebabe; their next field is a version well above any slice count.
    if (count === 0 || count > 16 || bytes.length < 8 + count * entry) return null
    const arches: string[] = []
    for (let i = 0; i < count; i++) {
      arches.push(machineName(MACHO_CPUS, bytes.readUInt32BE(8 + i * entry)))
    }
    return { format: 'Mach-O', platform: 'darwin', arches }
  }
  return null
}

function pe(bytes: Buffer): NativeHeader | null {
  if (bytes.length < 0x40) return null
  const offset = bytes.readUInt32LE(0x3c)
  if (offset + 6 > bytes.length) return null
  if (bytes.toString('latin1', offset, offset + 4) !== 'PE\0\0') return null
  const machine = bytes.readUInt16LE(offset + 4)
  return { format: 'PE', platform: 'win32', arches: [machineName(PE_MACHINES, machine)] }
}

/** The header of a native module, or null when the bytes are no ELF, Mach-O or PE file. */
export function parseNativeHeader(data: Uint8Array): NativeHeader | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  if (bytes.length < 4) return null
  if (bytes.toString('latin1', 0, 4) === '\x7fELF') return elf(bytes)
  if (bytes.toString('latin1', 0, 2) === 'MZ') return pe(bytes)
  return machO(bytes)
}

/** Enough of a file for any of the three headers: PE's lies at an offset the DOS stub names. */
const HEAD_BYTES = 4096

export function readNativeHeader(path: string): NativeHeader | null {
  const fd = openSync(path, 'r')
  try {
    const head = Buffer.alloc(HEAD_BYTES)
    const size = readSync(fd, head, 0, HEAD_BYTES, 0)
    return parseNativeHeader(head.subarray(0, size))
  } finally {
    closeSync(fd)
  }
}

const PLATFORM_NAMES: Record<string, string> = {
  linux: 'Linux',
  darwin: 'macOS',
  win32: 'Windows'
}

/** "Linux x64", "macOS arm64", for messages a user or a release engineer reads. */
export function describeTarget(target: NativeTarget): string {
  return `${PLATFORM_NAMES[target.platform] ?? target.platform} ${target.arch}`
}

export function describeHeader(header: NativeHeader): string {
  return `${PLATFORM_NAMES[header.platform] ?? header.platform} ${header.arches.join('+')}`
}

/**
 * Why this binary cannot load on the target, in words; null when it can. A universal Mach-O that
 * holds the target's slice fits.
 */
export function nativeMismatch(header: NativeHeader | null, target: NativeTarget): string | null {
  if (header === null)
    return 'it is not a native module for any platform (no ELF, Mach-O or PE header)'
  if (header.platform === target.platform && header.arches.includes(target.arch)) return null
  return `it is built for ${describeHeader(header)}, not ${describeTarget(target)}`
}
