import { z } from 'zod'
import { parseJson } from '../../shared/parse-json'
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { processStartReader } from './process-start'
import type { ProcessStartReader } from './process-start'

/** Which host holds a data folder, for the message the other one shows. */
type LockHost = 'browser' | 'electron'

interface LockOwner {
  readonly pid: number
  /** null: a lock written by an older Studbook, which recorded the pid only. */
  readonly host: LockHost | null
}

export interface InstanceLock {
  release(): void
}

type LockResult = InstanceLock | { readonly heldBy: LockOwner; readonly file: string }

/** What the lock file holds: the owner's pid and when it started, which together name it. */
interface LockRecord {
  readonly pid: number
  readonly started: string | null
  readonly host: LockHost
}

export const LOCK_FILE = 'studbook.lock'

/** How far a start time read to the second may lie after the moment it stands for. */
const CLOCK_SLACK_MS = 2000

/** Whether process `pid` still runs (EPERM: it does, as another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The lock file as JSON: the pid is a must (a number, or its text), the rest may be missing or odd
 * (an older build's file) and then counts as unknown.
 */
const lockFile = z.object({
  pid: z.coerce.number().refine((n) => Number.isSafeInteger(n) && n > 0),
  host: z.enum(['browser', 'electron']).nullable().catch(null),
  started: z.string().nullable().catch(null)
})

/** The lock file's content; an older Studbook wrote the pid alone. null: not a lock at all. */
function readRecord(text: string): (LockOwner & { started?: string | null }) | null {
  if (/^\d+$/.test(text.trim())) return { pid: Number(text.trim()), host: null }
  const r = parseJson(lockFile, text)
  return r.ok ? r.value : null
}

/**
 * Whether the process the lock names is the one that wrote it. A pid alone is not enough: after a
 * crash the pid may belong to any later process, which would block start-up forever. So the lock
 * records when its owner started; a live process with that pid but another start is not the owner.
 * An older lock without a start time is the owner's only if that process is older than the file.
 * Where the start cannot be read (Windows), a live pid is taken as the owner.
 */
function heldBy(
  file: string,
  owner: LockOwner & { started?: string | null },
  reader: ProcessStartReader
): boolean {
  if (!processAlive(owner.pid)) return false
  if (owner.started !== undefined) {
    if (owner.started === null) return true
    const now = reader.token(owner.pid)
    return now === null || now === owner.started
  }
  const startedAt = reader.startedAt(owner.pid)
  return startedAt === null || startedAt <= statSync(file).mtimeMs + CLOCK_SLACK_MS
}

/**
 * One process owns a data folder: Electron and the browser host both take this lock before they
 * open the database, so the two never open one database at once. A lock left by a process that
 * is gone, or whose pid now belongs to another process, is taken over.
 */
export function acquireInstanceLock(
  dataDir: string,
  host: LockHost,
  reader: ProcessStartReader = processStartReader()
): LockResult {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const file = join(dataDir, LOCK_FILE)
  const record: LockRecord = { pid: process.pid, started: reader.token(process.pid), host }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      try {
        writeSync(fd, JSON.stringify(record))
      } finally {
        closeSync(fd)
      }
      return {
        release: () => {
          // Only our own lock: another process may have taken over one we had lost.
          const now = readRecord(readText(file) ?? '')
          if (now?.pid === process.pid) rmSync(file, { force: true })
        }
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      const text = readText(file)
      if (text === null) continue
      const owner = readRecord(text)
      if (owner !== null && owner.pid !== process.pid && heldBy(file, owner, reader)) {
        return { heldBy: { pid: owner.pid, host: owner.host }, file }
      }
      rmSync(file, { force: true })
    }
  }
  throw new Error(`Could not take the lock ${file}`)
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return null
  }
}

/** The message a host shows when the folder is taken: which host, which process, what to do. */
export function lockHeldMessage(
  result: { heldBy: LockOwner; file: string },
  dataDir: string
): string {
  const who =
    result.heldBy.host === 'electron'
      ? 'The Studbook app'
      : result.heldBy.host === 'browser'
        ? 'The Studbook browser host'
        : 'Studbook'
  return (
    `${who} is already running on this data folder (process ${String(result.heldBy.pid)}): ` +
    `${dataDir}. Close it first. If no Studbook is running, delete ${result.file}.`
  )
}
