import type { Handlers } from '../../shared/ipc/contract'
import { SECRET_FIELDS } from './log-format'
import type { AppLog } from './logger'

/**
 * The secrets among a call's fields. A file's bytes are not walked: they hold no field, and
 * enumerated index by index a 17 MB file held the host's main thread for 12-17 s.
 */
function collect(value: unknown, found: string[], depth = 0): void {
  if (typeof value !== 'object' || value === null || depth > 4 || ArrayBuffer.isView(value)) return
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' && SECRET_FIELDS.has(k.toLowerCase())) found.push(v)
    else collect(v, found, depth + 1)
  }
}

/**
 * Handlers that first tell the log about every secret the user typed (a password at sign-in, an API
 * key in the profile form), so a service that later quotes one back is masked in the log too.
 * Both hosts register these in place of the bare handlers.
 */
export function handlersTellingLog(handlers: Handlers, log: Pick<AppLog, 'keepSecret'>): Handlers {
  const out: Record<string, (input: unknown) => unknown> = {}
  for (const [channel, handler] of Object.entries(handlers) as [
    string,
    (input: unknown) => unknown
  ][]) {
    out[channel] = (input) => {
      const found: string[] = []
      collect(input, found)
      for (const s of found) log.keepSecret(s)
      return handler(input)
    }
  }
  return out as Handlers
}
