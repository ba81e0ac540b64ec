import { readFile, stat, writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { BrowserWindow, Dialog } from 'electron'
import { AppError } from '../../shared/errors'

interface FileFilter {
  readonly name: string
  readonly extensions: string[]
}

/** Same shape as the app's FileChooser (src/main/exchange/file-chooser.ts): the host supplies it. */
interface NativeFileChooser {
  saveText(
    suggestedName: string,
    content: string,
    filters?: FileFilter[]
  ): Promise<{ saved: boolean; path?: string }>
  openText(filters?: FileFilter[]): Promise<{ name: string; content: string } | null>
}

/** Imports are CSV/JSON exports of a collection; anything larger is surely the wrong file. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024

/** Import and export files chosen through the OS's own dialogs, parented to the main window. */
export function createNativeFileChooser(
  dialog: Pick<Dialog, 'showSaveDialog' | 'showOpenDialog'>,
  window: () => BrowserWindow | null
): NativeFileChooser {
  return {
    async saveText(suggestedName, content, filters) {
      const parent = window()
      const options = { defaultPath: basename(suggestedName), ...(filters ? { filters } : {}) }
      const choice = await (parent
        ? dialog.showSaveDialog(parent, options)
        : dialog.showSaveDialog(options))
      if (choice.canceled || choice.filePath === '') {
        return { saved: false }
      }
      try {
        await writeFile(choice.filePath, content, 'utf8')
      } catch (cause) {
        throw new AppError('file_error', 'The file could not be written.', undefined, { cause })
      }
      return { saved: true, path: choice.filePath }
    },
    async openText(filters) {
      const parent = window()
      const options = {
        properties: ['openFile' as const],
        ...(filters ? { filters } : {})
      }
      const choice = await (parent
        ? dialog.showOpenDialog(parent, options)
        : dialog.showOpenDialog(options))
      const path = choice.filePaths[0]
      if (choice.canceled || path === undefined) return null
      try {
        const info = await stat(path)
        if (!info.isFile()) throw new AppError('file_error', 'That is not a file.')
        if (info.size > MAX_IMPORT_BYTES) {
          throw new AppError('file_error', 'The file is too large to import.')
        }
        return { name: basename(path), content: await readFile(path, 'utf8') }
      } catch (cause) {
        if (cause instanceof AppError) throw cause
        throw new AppError('file_error', 'The file could not be read.', undefined, { cause })
      }
    }
  }
}
