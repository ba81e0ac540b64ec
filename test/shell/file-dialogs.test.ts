import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { tempDirsOfFile } from '../temp-dirs'

const tempDir = tempDirsOfFile()

vi.mock('electron', () => ({}))

const { createNativeFileChooser, MAX_IMPORT_BYTES } =
  await import('../../src/main/shell/file-dialogs')

function chooser(answer: { canceled: boolean; filePath?: string; filePaths?: string[] }) {
  const dialog = {
    showSaveDialog: vi.fn(() =>
      Promise.resolve({ canceled: answer.canceled, filePath: answer.filePath ?? '' })
    ),
    showOpenDialog: vi.fn(() =>
      Promise.resolve({ canceled: answer.canceled, filePaths: answer.filePaths ?? [] })
    )
  }
  return { files: createNativeFileChooser(dialog, () => null), dialog }
}

const dir = () => tempDir('sb-files-')
const CSV = [{ name: 'CSV', extensions: ['csv'] }]

describe('native file chooser', () => {
  it('writes the export where the user chose, suggesting the file name', async () => {
    const path = join(dir(), 'my sets.csv')
    const { files, dialog } = chooser({ canceled: false, filePath: path })
    await expect(files.saveText('collection.csv', 'a,b\n1,2\n', CSV)).resolves.toEqual({
      saved: true,
      path
    })
    expect(readFileSync(path, 'utf8')).toBe('a,b\n1,2\n')
    expect(dialog.showSaveDialog).toHaveBeenCalledWith({
      defaultPath: 'collection.csv',
      filters: CSV
    })
  })

  it('never suggests a directory from the caller', async () => {
    const { files, dialog } = chooser({ canceled: true })
    await files.saveText('../../etc/passwd', 'x')
    expect(dialog.showSaveDialog).toHaveBeenCalledWith({ defaultPath: 'passwd' })
  })

  it('writes nothing when the user cancels', async () => {
    const { files } = chooser({ canceled: true })
    await expect(files.saveText('c.csv', 'x')).resolves.toEqual({ saved: false })
  })

  it('reports an unwritable destination as file_error', async () => {
    const { files } = chooser({ canceled: false, filePath: join(dir(), 'missing', 'c.csv') })
    await expect(files.saveText('c.csv', 'x')).rejects.toMatchObject({ code: 'file_error' })
  })

  it('reads the chosen import file as text with its name', async () => {
    const path = join(dir(), 'import.csv')
    writeFileSync(path, 'setID\n1\n')
    const { files } = chooser({ canceled: false, filePaths: [path] })
    await expect(files.openText(CSV)).resolves.toEqual({
      name: 'import.csv',
      content: 'setID\n1\n'
    })
  })

  it('returns null on cancel and file_error for a folder or an oversized file', async () => {
    await expect(chooser({ canceled: true }).files.openText()).resolves.toBeNull()
    const folder = dir()
    await expect(
      chooser({ canceled: false, filePaths: [folder] }).files.openText()
    ).rejects.toMatchObject({
      code: 'file_error'
    })
    const big = join(dir(), 'big.csv')
    writeFileSync(big, '')
    const { truncateSync } = await import('node:fs')
    truncateSync(big, MAX_IMPORT_BYTES + 1)
    await expect(
      chooser({ canceled: false, filePaths: [big] }).files.openText()
    ).rejects.toMatchObject({
      code: 'file_error'
    })
  })
})
