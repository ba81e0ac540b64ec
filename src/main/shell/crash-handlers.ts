import { RECOVERED_PARAM } from '../../shared/recovery'
import type { Log } from '../logging/index'

export type CrashLog = Pick<Log, 'error' | 'warn'>

/** What the handlers need of a window's webContents (Electron's WebContents has it). */
interface RendererContents {
  on(
    event: 'render-process-gone',
    listener: (event: unknown, details: { reason: string; exitCode: number }) => void
  ): unknown
  on(event: 'did-finish-load', listener: () => void): unknown
  getURL(): string
  loadURL(url: string): Promise<void>
  isDestroyed(): boolean
}

/** The page's URL with the crash reason in the query; the route (hash) is kept. */
export function recoveryUrl(current: string, reason: string): string {
  const url = new URL(current)
  url.searchParams.set(RECOVERED_PARAM, reason)
  return url.toString()
}

/**
 * A renderer that dies is reloaded at the same route with a notice, and the page puts the typing
 * back from session storage, which lives outside the renderer process. If the reloaded page dies
 * again before it has finished loading, reloading would only loop: `onGiveUp` tells the user instead.
 */
export function watchRenderer(
  contents: RendererContents,
  options: { readonly log: CrashLog; readonly onGiveUp: (reason: string) => void }
): void {
  let recovering = false
  contents.on('did-finish-load', () => {
    recovering = false
  })
  contents.on('render-process-gone', (_event, details) => {
    const { reason, exitCode } = details
    // 'clean-exit' is the window closing normally.
    if (reason === 'clean-exit' || contents.isDestroyed()) return
    if (recovering) {
      options.log.error('window content stopped again while reloading; not reloading', {
        reason,
        exitCode
      })
      options.onGiveUp(reason)
      return
    }
    options.log.error('window content stopped; reloading it', { reason, exitCode })
    recovering = true
    contents.loadURL(recoveryUrl(contents.getURL(), reason)).catch((error: unknown) => {
      options.log.error('window content could not be reloaded', error)
    })
  })
}

interface ChildProcessGone {
  readonly type: string
  readonly reason: string
  readonly exitCode: number
  readonly name?: string
  readonly serviceName?: string
}

/**
 * Every child process that dies (GPU, network service, utility workers) is logged; Chromium restarts
 * its own services, and a supervised worker restarts itself from its process's exit.
 */
export function watchChildProcesses(
  app: {
    on(
      event: 'child-process-gone',
      listener: (event: unknown, details: ChildProcessGone) => void
    ): unknown
  },
  log: CrashLog
): void {
  app.on('child-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return
    log.warn(`${details.name ?? details.serviceName ?? details.type} process stopped`, {
      type: details.type,
      reason: details.reason,
      exitCode: details.exitCode
    })
  })
}
