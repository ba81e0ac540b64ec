/** The report feature's public face: the composition root imports only what is listed here. */
export { createReportHandlers } from './report-handlers'
export type { ReportPdfPort } from './pdf-port'
