import type { AppLog } from './logger'

/**
 * Logs an uncaught exception or unhandled rejection as it happens. A monitor only: the process then
 * does what it would have done without us (Node exits, Electron shows its dialog).
 */
export function logProcessErrors(
  proc: Pick<NodeJS.Process, 'on' | 'off'>,
  log: Pick<AppLog, 'error'>
): () => void {
  const monitor = (error: Error, origin: string): void => {
    log.error(origin === 'unhandledRejection' ? 'unhandled rejection' : 'uncaught exception', error)
  }
  proc.on('uncaughtExceptionMonitor', monitor)
  return () => {
    proc.off('uncaughtExceptionMonitor', monitor)
  }
}
