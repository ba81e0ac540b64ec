import type { OutboxItemDto } from '../../../shared/model/sync'
import { fieldWords } from '../../../shared/model/edit-words'

/** An outbox row's change as a person reads it: "Quantity owned 0 → 1", "Copy added". */

const RECORD_KEYS: Readonly<Record<string, string>> = {
  ownedLoose: 'Loose',
  wanted: 'Wanted'
}

function record(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{')) return null
  try {
    const v: unknown = JSON.parse(text)
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function value(v: unknown): string {
  if (v === '' || v === null || v === undefined) return '(empty)'
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  return typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v)
}

/** The row's title: its set, or (for minifigures and flag names) what it is. */
export function outboxTitle(item: OutboxItemDto): string {
  return item.setID === null ? fieldWords(item.label) : item.label
}

export function outboxChange(item: OutboxItemDto, flagName: (flagNo: number) => string): string {
  const none = (t: string): boolean => t === '(none)' || t === ''
  if (item.field === 'copy') {
    if (none(item.base)) return 'Copy added'
    if (none(item.desired)) return 'Copy deleted'
    return 'Copy edited'
  }
  const before = record(item.base)
  const after = record(item.desired)
  if (before || after) {
    const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
    return keys
      .filter((k) => before?.[k] !== after?.[k])
      .map((k) => `${RECORD_KEYS[k] ?? k} ${value(before?.[k])} → ${value(after?.[k])}`)
      .join(', ')
  }
  const change = `${value(item.base)} → ${value(item.desired)}`
  return item.setID === null ? change : `${fieldWords(item.field, flagName)} ${change}`
}
