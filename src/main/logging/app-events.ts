import type { EventBus } from '../ipc/event-bus'
import type { AccountStatus } from '../../shared/model/account'
import type { SyncStatus } from '../../shared/model/sync'
import type { AppLog } from './logger'

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'an unreadable address'
  }
}

function describeAccount(s: AccountStatus): string {
  const where = s.profile === 'demo' ? 'demo profile' : `custom profile at ${hostOf(s.baseUrl)}`
  const signIn = s.signInNeeded
    ? `sign-in needed (${s.signInNeeded === 'key' ? 'API key refused' : 'sign-in refused'})`
    : s.signedIn
      ? 'signed in'
      : 'signed out'
  const keychain = s.remembered ? 'kept in the system keychain' : 'kept in memory'
  return `account: ${where}, ${signIn}, secrets ${keychain}`
}

/**
 * What support needs from the app's own events: one line per finished sync (counts, or the reason
 * it failed) and one per change of account state. Payloads are the renderer's DTOs, which carry no
 * secret; the username is left out all the same.
 */
export function logAppEvents(events: EventBus, log: AppLog): () => void {
  let running = false
  let lastAccount = ''
  return events.subscribe((name, payload) => {
    if (name === 'sync:status') {
      const s = payload as SyncStatus
      if (s.running) {
        running = true
        return
      }
      if (!running) return
      running = false
      const summary = {
        catalogueSets: s.catalogueSets,
        catalogueIncomplete: s.catalogueIncomplete,
        pending: s.pending,
        needsAttention: s.needsAttention,
        conflicts: s.conflicts,
        allowanceRemaining: s.allowance.remaining,
        online: s.online
      }
      if (s.error === null) log.info('sync finished', summary)
      else log.warn(`sync failed: ${s.error}`, summary)
    } else if (name === 'account:changed') {
      const line = describeAccount(payload as AccountStatus)
      if (line !== lastAccount) log.info(line)
      lastAccount = line
    }
  })
}
