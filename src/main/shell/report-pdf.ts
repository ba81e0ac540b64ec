import { writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { BrowserWindow, Dialog } from 'electron'
import { AppError } from '../../shared/errors'
import type { PaperSize } from '../../shared/model/report'

/** Same shape as the report's ReportPdfPort (src/main/report/pdf-port.ts): the shell fills it. */
interface NativeReportPdf {
  savePdf(paper: PaperSize, suggestedName: string): Promise<{ saved: boolean; path: string | null }>
}

/**
 * Prints the window showing the report to PDF, then asks where to keep it. Printing first: a
 * failed print never shows a dialog, and the page printed is the one on screen when the user
 * pressed the button. The page's own print styles (margins, page numbers) apply.
 */
export function createNativeReportPdf(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  window: () => BrowserWindow | null
): NativeReportPdf {
  return {
    async savePdf(paper, suggestedName) {
      const parent = window()
      if (parent === null) {
        throw new AppError('not_found', 'The report window is closed; open the report again.')
      }
      let pdf: Buffer
      try {
        pdf = await parent.webContents.printToPDF({
          pageSize: paper,
          printBackground: false,
          preferCSSPageSize: true,
          generateTaggedPDF: true
        })
      } catch (cause) {
        throw new AppError('internal', 'The report could not be printed to PDF.', undefined, {
          cause
        })
      }
      const options = {
        defaultPath: basename(suggestedName),
        filters: [{ name: 'PDF', extensions: ['pdf'] }]
      }
      const choice = await dialog.showSaveDialog(parent, options)
      if (choice.canceled || choice.filePath === '') return { saved: false, path: null }
      try {
        await writeFile(choice.filePath, pdf)
      } catch (cause) {
        throw new AppError('file_error', 'The PDF could not be written.', undefined, { cause })
      }
      return { saved: true, path: choice.filePath }
    }
  }
}
