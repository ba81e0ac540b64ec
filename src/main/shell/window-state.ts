import { readFileSync, renameSync, writeFileSync } from 'node:fs'

interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface WindowState {
  readonly bounds: Rect | null
  readonly maximized: boolean
}

export const DEFAULT_SIZE = { width: 1280, height: 800 } as const
export const MIN_SIZE = { width: 800, height: 560 } as const

function isRect(v: unknown): v is Rect {
  if (typeof v !== 'object' || v === null) return false
  const r = v as Record<string, unknown>
  return ['x', 'y', 'width', 'height'].every((k) => Number.isSafeInteger(r[k]))
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return w > 0 && h > 0 ? w * h : 0
}

/**
 * The saved state, kept only if it still makes sense: a window mostly off every current display
 * (a monitor was unplugged) or an absurd size falls back to the default, centred by the OS.
 */
export function restoreWindowState(saved: unknown, workAreas: readonly Rect[]): WindowState {
  if (typeof saved !== 'object' || saved === null) return { bounds: null, maximized: false }
  const s = saved as Record<string, unknown>
  const maximized = s.maximized === true
  const b = s.bounds
  if (!isRect(b) || b.width < MIN_SIZE.width || b.height < MIN_SIZE.height) {
    return { bounds: null, maximized }
  }
  const visible = workAreas.reduce((sum, area) => sum + overlap(b, area), 0)
  if (visible < (b.width * b.height) / 2) return { bounds: null, maximized }
  const largest = workAreas.reduce((m, a) => Math.max(m, a.width * a.height), 0)
  if (b.width * b.height > largest * 4) return { bounds: null, maximized }
  return { bounds: { x: b.x, y: b.y, width: b.width, height: b.height }, maximized }
}

export function readWindowState(file: string, workAreas: readonly Rect[]): WindowState {
  try {
    return restoreWindowState(JSON.parse(readFileSync(file, 'utf8')), workAreas)
  } catch {
    return { bounds: null, maximized: false }
  }
}

/** Written atomically so a crash mid-write never leaves a half file behind. */
export function writeWindowState(file: string, state: WindowState): void {
  try {
    writeFileSync(`${file}.tmp`, JSON.stringify(state))
    renameSync(`${file}.tmp`, file)
  } catch {
    // Losing the window position is harmless; never fail a quit over it.
  }
}
