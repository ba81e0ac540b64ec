import { mkdirSync } from 'node:fs'
import type { HelpActions } from './menu'

/** Where "Studbook Help" leads: the project's documentation. */
export const DOCS_URL = 'https://studbook.invalid/docs'

interface HelpDeps {
  readonly shell: {
    openExternal(url: string): Promise<void>
    /** Resolves to an error message, or '' on success (Electron's shell.openPath). */
    openPath(path: string): Promise<string>
  }
  readonly clipboard: { writeText(text: string): void }
  readonly logsDir: string
  /** The diagnostics text, already cleaned of secrets. */
  readonly diagnostics: () => Promise<string>
  /** A short message to the user (a message box in Electron). */
  readonly notify: (message: string) => void
  readonly log: { error(message: string, data?: unknown): void }
  readonly checkForUpdates: (() => void) | null
}

/** The Help menu's actions, each telling the user when it could not do its job. */
export function helpActions(deps: HelpDeps): HelpActions {
  return {
    openDocs: () => {
      deps.shell.openExternal(DOCS_URL).catch((error: unknown) => {
        deps.log.error('could not open the documentation', error)
        deps.notify(`Studbook could not open ${DOCS_URL} in your browser.`)
      })
    },
    openLogsFolder: () => {
      // The folder exists once something was logged; make sure it does before showing it.
      mkdirSync(deps.logsDir, { recursive: true, mode: 0o700 })
      void deps.shell.openPath(deps.logsDir).then((problem) => {
        if (problem !== '') deps.notify(`Studbook could not open ${deps.logsDir}: ${problem}`)
      })
    },
    copyDiagnostics: () => {
      deps
        .diagnostics()
        .then((text) => {
          deps.clipboard.writeText(text)
          deps.notify(
            'Diagnostics copied. Paste them into your report; passwords and keys are left out.'
          )
        })
        .catch((error: unknown) => {
          deps.log.error('could not gather diagnostics', error)
          deps.notify('Studbook could not gather its diagnostics; the log folder has them too.')
        })
    },
    checkForUpdates: deps.checkForUpdates
  }
}
