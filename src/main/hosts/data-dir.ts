import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

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
  return standardDataDir(env, platform, homedir())
}

/** Where this OS keeps a user's data, before any override: what defaultDataDir gives by default. */
function standardDataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32')
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), DATA_FOLDER_NAME)
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', DATA_FOLDER_NAME)
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), DATA_FOLDER_NAME)
}

/**
 * The OS's folder for this user's caches of Studbook: what may be deleted at any time and is
 * never backed up or carried in a roaming profile (issue #29: 200 MB of pictures sat in the
 * Windows roaming profile). Electron's app.getPath('cache') is the roaming %APPDATA% on Windows,
 * so both hosts use this one: %LOCALAPPDATA%\Studbook\Cache, ~/Library/Caches/Studbook,
 * $XDG_CACHE_HOME/Studbook or ~/.cache/Studbook.
 */
export function defaultCacheDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir()
): string {
  if (env.STUDBOOK_CACHE_DIR) return env.STUDBOOK_CACHE_DIR
  if (platform === 'win32')
    return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), DATA_FOLDER_NAME, 'Cache')
  if (platform === 'darwin') return join(home, 'Library', 'Caches', DATA_FOLDER_NAME)
  return join(env.XDG_CACHE_HOME ?? join(home, '.cache'), DATA_FOLDER_NAME)
}

/**
 * The cache folder that goes with a data folder: the OS's one for the standard data folder, and
 * `cache/` inside any other (--data-dir, tests): two data folders must never share one cache,
 * whose index lives in each one's database.
 */
export function cacheDirFor(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir()
): string {
  if (env.STUDBOOK_CACHE_DIR) return env.STUDBOOK_CACHE_DIR
  return resolve(dataDir) === resolve(standardDataDir(env, platform, home))
    ? defaultCacheDir(env, platform, home)
    : join(dataDir, 'cache')
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
