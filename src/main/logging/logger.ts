import type { Log } from './log'
import { formatEntry, scrub } from './log-format'
import { openLogFile } from './log-file'

type LogSource = 'main' | 'host' | 'renderer'
type Level = 'INFO' | 'WARN' | 'ERROR'

/**
 * The app's log: what the app services, hosts and shell write. `keepSecret` is how the credential
 * layer names values that must never appear (an API key, a user hash): masked in every later line.
 */
export interface AppLog extends Log {
  keepSecret(value: string): void
  /** The same log and secrets, with another source tag (e.g. renderer errors seen by main). */
  scoped(source: LogSource): AppLog
  /** The newest lines, cleaned against every secret known now. */
  tail(lines: number): string[]
  /** Any text cleaned as a log line is (for diagnostics leaving the app). */
  clean(text: string): string
  readonly dir: string
}

interface LoggerOptions {
  /** The logs folder: app.getPath('logs') in Electron, the data folder's logs/ in the browser host. */
  readonly dir: string
  readonly source: LogSource
  readonly maxBytes?: number
  readonly keep?: number
  readonly now?: () => Date
  /** Also print to stderr/stdout (the browser host's terminal). Default false. */
  readonly console?: boolean
}

export function createLogger(options: LoggerOptions): AppLog {
  const file = openLogFile({
    dir: options.dir,
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    ...(options.keep === undefined ? {} : { keep: options.keep })
  })
  const now = options.now ?? (() => new Date())
  const secrets = new Set<string>()
  let failed = false

  const make = (source: LogSource): AppLog => {
    const write = (level: Level, message: string, data: unknown): void => {
      const text = formatEntry(message, data, [...secrets])
      const line = `${now().toISOString()} ${level.padEnd(5)} [${source}] ${text}\n`
      if (options.console === true) {
        if (level === 'INFO') process.stdout.write(text + '\n')
        else process.stderr.write(text + '\n')
      }
      if (!file.append(line) && !failed) {
        // Said once: the app keeps running without its log rather than failing on every line.
        failed = true
        process.stderr.write(`Studbook cannot write its log in ${file.dir}\n`)
      }
    }
    return {
      dir: file.dir,
      info: (m, d) => {
        write('INFO', m, d)
      },
      warn: (m, d) => {
        write('WARN', m, d)
      },
      error: (m, d) => {
        write('ERROR', m, d)
      },
      keepSecret(value) {
        if (value.length >= 3) secrets.add(value)
      },
      scoped: make,
      tail: (lines) => file.tail(lines).map((l) => scrub(l, [...secrets])),
      clean: (text) => formatEntry(text, undefined, [...secrets])
    }
  }
  return make(options.source)
}
