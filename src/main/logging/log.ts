/**
 * The one shape of the log the app's parts write to. The logger (logger.ts's AppLog) has it and
 * more; each part takes what it uses of it, e.g. `Pick<Log, 'warn'>`, so a test can pass a small
 * fake and every part still speaks of the same log.
 */
export interface Log {
  info(message: string, data?: unknown): void
  warn(message: string, data?: unknown): void
  error(message: string, data?: unknown): void
}
