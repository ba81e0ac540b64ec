import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * The data folder's name on every OS and in both hosts. It equals the product name, so Electron's
 * default userData (appData/productName) and the browser host's folder are one and the same.
 */
export const DATA_FOLDER_NAME = 'Studbook'

/** The same folder Electron's app.getPath('userData') gives for "Studbook", so both hosts share data. */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform
): string {
  if (env.STUDBOOK_DATA_DIR) return env.STUDBOOK_DATA_DIR
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), DATA_FOLDER_NAME)
  if (platform === 'darwin')
    return join(homedir(), 'Library', 'Application Support', DATA_FOLDER_NAME)
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), DATA_FOLDER_NAME)
}

const UNWRITABLE: Readonly<Record<string, string>> = {
  EROFS: 'it is on a read-only file system',
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there'
}

/**
 * Words for a data folder Studbook cannot write to (its lock, its database, its logs all live
 * there), naming the folder and the way out; null for any other failure. Start-up stops on it.
 */
export function unwritableDataDirMessage(error: unknown, dataDir: string): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code
  const why = code === undefined ? undefined : UNWRITABLE[code]
  if (why === undefined) return null
  return (
    `Studbook cannot write to its data folder ${dataDir}: ${why}. ` +
    `Start it with --data-dir <a folder you can write to> (or STUDBOOK_DATA_DIR), ` +
    `or make this folder writable.`
  )
}
