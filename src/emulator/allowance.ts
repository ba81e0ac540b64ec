import type { Call } from './context'

/** Per-key daily getSets counting (docs/protocol.md §6): false when the key's allowance is used up. */
export function consumeAllowance(call: Call, apiKey: string): boolean {
  const state = call.state
  const day = state.now().toISOString().slice(0, 10)
  let a = state.allowances.get(apiKey)
  if (!a) {
    a = { perDay: null, day, used: 0 }
    state.allowances.set(apiKey, a)
  }
  if (a.day !== day) {
    a.day = day
    a.used = 0
  }
  if (a.perDay !== null && a.used >= a.perDay) return false
  a.used++
  state.changed({ kind: 'allowance', apiKey })
  return true
}
