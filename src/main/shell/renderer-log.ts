/** What the renderer log needs of a window's webContents (Electron's WebContents has it). */
interface ConsoleSource {
  on(
    event: 'console-message',
    listener: (details: {
      readonly level: string
      readonly message: string
      readonly lineNumber: number
      readonly sourceId: string
    }) => void
  ): unknown
  on(
    event: 'preload-error',
    listener: (event: unknown, path: string, error: Error) => void
  ): unknown
}

/**
 * The page's errors into main's log: its uncaught exceptions and console errors arrive as console
 * messages of level 'error'. Warnings and info stay in DevTools.
 */
export function logRendererErrors(
  contents: ConsoleSource,
  log: { error(message: string, data?: unknown): void }
): void {
  contents.on('console-message', (details) => {
    if (details.level !== 'error') return
    log.error(details.message, { source: details.sourceId, line: details.lineNumber })
  })
  contents.on('preload-error', (_event, path, error) => {
    log.error(`preload ${path} failed`, error)
  })
}
