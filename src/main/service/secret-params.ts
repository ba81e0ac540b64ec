import type { OperationDef } from '../../shared/protocol/operations'

/** Parameters that carry a password: never sent in a URL, never remembered past the call. */
const PASSWORD_PARAMS: readonly string[] = ['password', 'p']

export const carriesPassword = (op: OperationDef): boolean =>
  op.params.some((p) => PASSWORD_PARAMS.includes(p.name))

/** The password a call carries, if any. */
export function passwordOf(params: Readonly<Record<string, unknown>>): string | null {
  for (const k of PASSWORD_PARAMS) {
    const v = params[k]
    if (typeof v === 'string' && v !== '') return v
  }
  return null
}

/** An apiKey or userHash a call gives itself, instead of the profile's. */
export function secretParams(params: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = []
  for (const k of ['apiKey', 'userHash']) {
    const v = params[k]
    if (typeof v === 'string') out.push(v)
  }
  return out
}
