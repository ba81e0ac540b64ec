import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/**
 * When a process started, as the OS records it: with the pid, this names one process for good,
 * since a pid is only reused by a process that starts later.
 *
 * - Linux: `/proc/<pid>/stat` field 22 (clock ticks after boot) with the boot's id.
 * - macOS and other Unixes: `ps -o lstart=` (the start time to the second).
 * - Windows: null. Node offers no way to read it without starting PowerShell, which takes a
 *   second or more; there the pid alone has to do.
 */
export interface ProcessStartReader {
  /** An opaque token, equal for the same process whenever it is read; null when unknown. */
  token(pid: number): string | null
  /** The start as a time (ms since the epoch), to compare with a file's date; null when unknown. */
  startedAt(pid: number): number | null
}

// USER_HZ: the unit of /proc's tick counts, 100 on every architecture Electron ships for.
const TICKS_PER_SECOND = 100

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

/** Field 22 of /proc/<pid>/stat; the name in field 2 may hold spaces and parentheses. */
function linuxTicks(pid: number): number | null {
  const stat = readText(`/proc/${String(pid)}/stat`)
  if (stat === null) return null
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // Fields from the 3rd on: the 22nd is the 20th here.
  const ticks = Number(fields[19])
  return Number.isSafeInteger(ticks) ? ticks : null
}

const linux: ProcessStartReader = {
  token(pid) {
    const ticks = linuxTicks(pid)
    const boot = readText('/proc/sys/kernel/random/boot_id')?.trim() ?? ''
    return ticks === null ? null : `${boot}:${String(ticks)}`
  },
  startedAt(pid) {
    const ticks = linuxTicks(pid)
    const btime = /^btime (\d+)$/m.exec(readText('/proc/stat') ?? '')?.[1]
    if (ticks === null || btime === undefined) return null
    return (Number(btime) + ticks / TICKS_PER_SECOND) * 1000
  }
}

function psStart(pid: number): string | null {
  try {
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      timeout: 5000,
      stdio: ['ignore', 'pipe', 'ignore']
    }).trim()
    return out === '' ? null : out
  } catch {
    return null
  }
}

const ps: ProcessStartReader = {
  token: psStart,
  startedAt(pid) {
    // "Mon Nov 23 02:38:25 2026", in local time.
    const text = psStart(pid)
    const time = text === null ? NaN : Date.parse(text.replace(/\s+/g, ' '))
    return Number.isNaN(time) ? null : time
  }
}

const unknown: ProcessStartReader = { token: () => null, startedAt: () => null }

export function processStartReader(
  platform: NodeJS.Platform = process.platform
): ProcessStartReader {
  if (platform === 'linux') return linux
  if (platform === 'win32') return unknown
  return ps
}
