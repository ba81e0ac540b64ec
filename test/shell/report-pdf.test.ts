import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { tempDirsOfFile } from '../temp-dirs'

const tempDir = tempDirsOfFile()

vi.mock('electron', () => ({}))

const { createNativeReportPdf } = await import('../../src/main/shell/report-pdf')

const PDF = Buffer.from('%PDF-1.7\n% the report\n%%EOF\n')

function saver(
  answer: { canceled: boolean; filePath?: string },
  print: () => Promise<Buffer> = () => Promise.resolve(PDF),
  open = true
) {
  const printToPDF = vi.fn(print)
  const win = { webContents: { printToPDF } }
  const dialog = {
    showSaveDialog: vi.fn(() =>
      Promise.resolve({ canceled: answer.canceled, filePath: answer.filePath ?? '' })
    )
  }
  const pdf = createNativeReportPdf(dialog, () => (open ? (win as never) : null))
  return { pdf, dialog, printToPDF }
}

const dir = () => tempDir('sb-report-pdf-')

describe('report PDF from the Electron window', () => {
  it('prints the report window on the chosen paper and writes it where the user chose', async () => {
    const path = join(dir(), 'insurance.pdf')
    const { pdf, dialog, printToPDF } = saver({ canceled: false, filePath: path })
    await expect(pdf.savePdf('Letter', 'studbook-report-2026-03-01.pdf')).resolves.toEqual({
      saved: true,
      path
    })
    expect(readFileSync(path)).toEqual(PDF)
    expect(printToPDF).toHaveBeenCalledWith(expect.objectContaining({ pageSize: 'Letter' }))
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(expect.anything(), {
      defaultPath: 'studbook-report-2026-03-01.pdf',
      filters: [{ name: 'PDF', extensions: ['pdf'] }]
    })
  })

  it('writes nothing when the user cancels the dialog', async () => {
    const { pdf } = saver({ canceled: true })
    await expect(pdf.savePdf('A4', 'r.pdf')).resolves.toEqual({ saved: false, path: null })
  })

  it('shows no dialog when printing fails, and says the PDF was not made', async () => {
    const { pdf, dialog } = saver({ canceled: false, filePath: join(dir(), 'x.pdf') }, () =>
      Promise.reject(new Error('renderer gone'))
    )
    const failed = pdf.savePdf('A4', 'r.pdf')
    await expect(failed).rejects.toMatchObject({ code: 'internal' })
    await expect(failed).rejects.toThrow(/could not be printed/)
    expect(dialog.showSaveDialog).not.toHaveBeenCalled()
  })

  it('reports an unwritable destination as file_error and leaves no file', async () => {
    const path = join(dir(), 'missing', 'r.pdf')
    const { pdf } = saver({ canceled: false, filePath: path })
    await expect(pdf.savePdf('A4', 'r.pdf')).rejects.toMatchObject({ code: 'file_error' })
    expect(existsSync(path)).toBe(false)
  })

  it('refuses when no window shows the report', async () => {
    const { pdf, printToPDF } = saver({ canceled: false }, undefined, false)
    await expect(pdf.savePdf('A4', 'r.pdf')).rejects.toMatchObject({ code: 'not_found' })
    expect(printToPDF).not.toHaveBeenCalled()
  })
})
