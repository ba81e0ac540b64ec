import { spawn } from 'node:child_process'
import { chmodSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The page in the data folder that forwards the browser to the host, token and all. */
const LAUNCH_PAGE = 'open-studbook.html'

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * Writes the page the browser is opened on. An opener's command line can be read by every user of
 * the machine (`ps`, /proc/<pid>/cmdline), so it never carries the token: it names this page,
 * which only this user can read (0600, in the private data folder), and which forwards to `url`.
 */
export function writeLaunchPage(dataDir: string, url: string): string {
  const file = join(dataDir, LAUNCH_PAGE)
  const href = escapeAttribute(url)
  writeFileSync(
    file,
    '<!doctype html>\n<meta charset="utf-8">\n<meta name="referrer" content="no-referrer">\n' +
      `<meta http-equiv="refresh" content="0;url=${href}">\n<title>Studbook</title>\n` +
      `<p><a href="${href}">Open Studbook</a></p>\n`,
    { mode: 0o600 }
  )
  // The mode given applies to a new file only; one left by an earlier run keeps its own.
  chmodSync(file, 0o600)
  return file
}

/** The system's "open this file with its usual program" command. */
function openerCommand(target: string, platform: NodeJS.Platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [target]]
  // start's first quoted argument is a window title: the empty one keeps the path from being it.
  if (platform === 'win32') return ['cmd', ['/c', 'start', '', target]]
  return ['xdg-open', [target]]
}

/** Opens `target` in the default browser; a missing opener is reported, not thrown. */
export function openInBrowser(
  target: string,
  onError: (e: Error) => void,
  platform: NodeJS.Platform = process.platform
): void {
  const [command, args] = openerCommand(target, platform)
  const child = spawn(command, args, { stdio: 'ignore', detached: true })
  child.on('error', onError)
  child.unref()
}
