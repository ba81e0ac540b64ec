export type HostKind = 'electron' | 'browser'

export interface AppInfo {
  readonly version: string
  readonly host: HostKind
  /** The active profile: the embedded demo catalogue, or a service the user configured. */
  readonly profile: { readonly kind: 'demo' | 'custom'; readonly label: string }
}

/** Whether Studbook looks for updates by itself (at start and once a day); packaged desktop only. */
export interface UpdateChecksDto {
  readonly enabled: boolean
}

/** A backup in the data folder's `backups/`, offered for a recovery. */
export interface BackupFileDto {
  readonly name: string
  /** `auto`: taken daily at start-up; `backup`: made by the user; `before-restore`: a safety copy. */
  readonly kind: 'auto' | 'backup' | 'before-restore'
  /** ISO time, UTC, from the file's name. */
  readonly takenAt: string
  readonly bytes: number
}

/**
 * How the data file opened. `damaged`: its check at start failed; nothing else works until the
 * user restores a backup or starts fresh, and either way the damaged file is kept, renamed.
 */
export type StartState =
  | {
      readonly state: 'ready'
      /** After a recovery: what was done and where the damaged file was kept. */
      readonly notice: string | null
    }
  | {
      readonly state: 'damaged'
      readonly problem: string
      readonly backups: readonly BackupFileDto[]
    }
