import type { PaperSize } from '../../shared/model/report'

/**
 * What the report needs from a host to make a PDF: Electron prints the window showing the report
 * and asks where to save it. The browser host has none; its page prints through the browser.
 */
export interface ReportPdfPort {
  /** `saved: false, path: null` when the user cancelled the dialog. */
  savePdf(paper: PaperSize, suggestedName: string): Promise<{ saved: boolean; path: string | null }>
}
