import type { FileChooser } from './file-chooser'
import type { EditDeps } from '../collection/index'
import type { Log } from '../logging/index'

/**
 * What the host offers for files that are not text: native dialogs for a backup's place, and the
 * file manager for the data folder. Electron supplies it; the browser host has none, so its pages
 * upload a backup and show the data folder's path instead.
 */
export interface DataFolderPort {
  /** Asks where to save a backup, starting at `suggestedPath`; null when cancelled. */
  chooseBackupTarget(suggestedPath: string): Promise<string | null>
  /** Asks for a backup file to restore, starting in `folder`; null when cancelled. */
  chooseBackupSource(folder: string): Promise<string | null>
  openFolder(path: string): Promise<void>
  /** The backup the OS opened Studbook with (double-click, open-file), once; null when none. */
  takeOpenedBackup?(): string | null
  /** Whether such a backup waits to be taken. */
  hasOpenedBackup?(): boolean
}

export interface ExchangeDeps extends EditDeps {
  readonly files: FileChooser | null
  readonly dataFolder?: DataFolderPort | null
  /** The service's acquisition conditions; the cached list when not given. */
  readonly conditions?: () => Promise<readonly string[]>
  /** Told when import previews cannot be read off the main thread. */
  readonly log?: Pick<Log, 'warn'>
}
