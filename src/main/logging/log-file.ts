import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync
} from 'node:fs'
import { join } from 'node:path'

export const LOG_FILE = 'studbook.log'

interface LogFileOptions {
  readonly dir: string
  /** Rotate before a write would take the current file past this size. */
  readonly maxBytes?: number
  /** How many rotated files (studbook.1.log …) to keep beside the current one. */
  readonly keep?: number
}

interface LogFile {
  readonly dir: string
  /** Appends whole lines; false when the folder cannot be written (the caller reports it once). */
  append(text: string): boolean
  /** The newest lines, oldest first, across the current and rotated files. */
  tail(lines: number): string[]
}

const rotated = (dir: string, i: number): string => join(dir, `studbook.${i}.log`)

/**
 * A size-rotated log in one folder. Writes are synchronous appends: a line written before a crash is
 * on disk, and the volume (errors, sync summaries) is small. Files are readable by the user only.
 */
export function openLogFile(options: LogFileOptions): LogFile {
  const { dir } = options
  const maxBytes = options.maxBytes ?? 1024 * 1024
  const keep = options.keep ?? 3
  const current = join(dir, LOG_FILE)
  let size: number | null = null

  const rotate = (): void => {
    if (existsSync(rotated(dir, keep))) unlinkSync(rotated(dir, keep))
    for (let i = keep - 1; i >= 1; i--) {
      if (existsSync(rotated(dir, i))) renameSync(rotated(dir, i), rotated(dir, i + 1))
    }
    if (keep > 0) renameSync(current, rotated(dir, 1))
    else unlinkSync(current)
    size = 0
  }

  return {
    dir,
    append(text) {
      try {
        if (size === null) {
          mkdirSync(dir, { recursive: true, mode: 0o700 })
          size = existsSync(current) ? statSync(current).size : 0
        }
        const bytes = Buffer.byteLength(text)
        if (size > 0 && size + bytes > maxBytes) rotate()
        const fresh = size === 0
        appendFileSync(current, text, { mode: 0o600 })
        // appendFileSync's mode applies only to a file it creates; an old file may be wider.
        if (fresh) chmodSync(current, 0o600)
        size += bytes
        return true
      } catch {
        size = null
        return false
      }
    },
    tail(lines) {
      const out: string[] = []
      for (let i = 0; i <= keep && out.length < lines; i++) {
        const file = i === 0 ? current : rotated(dir, i)
        if (!existsSync(file)) continue
        const fileLines = readFileSync(file, 'utf8').split('\n')
        if (fileLines.at(-1) === '') fileLines.pop()
        out.unshift(...fileLines.slice(-(lines - out.length)))
      }
      return out
    }
  }
}
