/**
 * What a host provides to the app: the hosts (Electron shell, browser host) build these, the composition
 * root passes them on. Features declare the ports they need; this file gathers them for the hosts.
 */
export type { FileChooser } from '../exchange/file-chooser'
export type { ReportPdfPort } from '../report/index'

export type { Log } from '../logging/index'
