import type { loadElectronUpdater } from '../../src/main/shell/updates'

type Updater = Awaited<ReturnType<typeof loadElectronUpdater>>

/**
 * electron-updater's autoUpdater, faked for the update tests and the entry's mock: each step it is
 * asked for goes to `note` (`feed <provider> <url>`, `check`, `download`, `install`), and each check
 * answers from `answer()`: the newest version on the feed, null when none is newer than `running`,
 * or an Error, which the check rejects with.
 */
export function fakeAutoUpdater(
  note: (step: string) => void,
  answer: () => string | null | Error,
  running: string
): Updater {
  return {
    autoDownload: true,
    autoInstallOnAppQuit: true,
    setFeedURL: (o) => {
      note(`feed ${o.provider} ${o.url}`)
    },
    checkForUpdates: () => {
      note('check')
      const newest = answer()
      if (newest instanceof Error) return Promise.reject(newest)
      return Promise.resolve({
        isUpdateAvailable: newest !== null,
        updateInfo: { version: newest ?? running }
      })
    },
    downloadUpdate: () => {
      note('download')
      return Promise.resolve([])
    },
    quitAndInstall: () => {
      note('install')
    }
  }
}
