import type { AccountStatus } from '../../shared/model/account'
import type { SyncStatus } from '../../shared/model/sync'

interface DiagnosticsInput {
  readonly version: string
  readonly host: 'electron' | 'browser'
  readonly packaged: boolean
  readonly platform: string
  readonly arch: string
  readonly osRelease: string
  /** process.versions: electron, chrome, node where present. */
  readonly versions: Readonly<Record<string, string | undefined>>
  readonly dataDir: string
  readonly logsDir: string
  readonly account: AccountStatus | null
  readonly sync: SyncStatus | null
  /** The newest log lines, already cleaned of secrets. */
  readonly logTail: readonly string[]
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return '(unreadable address)'
  }
}

/**
 * "Copy diagnostics": what a bug report needs, as plain text the user can read before sending. Built
 * from the renderer's DTOs (which carry no secret) and the cleaned log; the caller scrubs it once more.
 */
export function diagnosticsText(d: DiagnosticsInput): string {
  const runtime = ['electron', 'chrome', 'node']
    .filter((k) => d.versions[k] !== undefined)
    .map((k) => `${k} ${d.versions[k] ?? ''}`)
    .join(', ')
  const lines = [
    `Studbook ${d.version} (${d.host}${d.packaged ? '' : ', development'})`,
    `System: ${d.platform} ${d.osRelease} ${d.arch}; ${runtime}`,
    `Data folder: ${d.dataDir}`,
    `Logs folder: ${d.logsDir}`
  ]
  const a = d.account
  if (a !== null) {
    lines.push(
      `Profile: ${a.profile === 'demo' ? 'demo catalogue' : `service at ${hostOf(a.baseUrl)}`}, binding ${a.binding}, ` +
        `${a.signedIn ? 'signed in' : 'not signed in'}${a.signInNeeded ? ` (sign-in needed: ${a.signInNeeded})` : ''}`,
      `Keychain: ${a.keychain}${a.remembered ? '' : ', not remembered'}${a.keychainMessage ? ` — ${a.keychainMessage}` : ''}`
    )
  }
  const s = d.sync
  if (s !== null) {
    lines.push(
      `Sync: last ${s.lastSyncAt ?? 'never'}, ${s.online ? 'online' : 'offline'}, ${s.catalogueSets} sets, ` +
        `${s.pending} pending, ${s.needsAttention} need attention, ${s.conflicts} conflicts` +
        (s.error === null ? '' : `; last error: ${s.error}`)
    )
  }
  lines.push('', `Recent log (${d.logTail.length} lines):`, ...d.logTail)
  return lines.join('\n') + '\n'
}
