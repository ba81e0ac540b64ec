import { homedir } from 'node:os'
import { join } from 'node:path'

/** The same folder Electron's app.getPath('userData') gives for "Studbook", so both hosts share data. */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform
): string {
  if (env.STUDBOOK_DATA_DIR) return env.STUDBOOK_DATA_DIR
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Studbook')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Studbook')
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Studbook')
}
