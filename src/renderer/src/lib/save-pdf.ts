import type { PaperSize } from '../../../shared/model/report'
import { tryCall } from './api'
import { notices } from './state/notices.svelte'

/**
 * Prints what the window shows to a PDF on the given paper (the desktop app's port), then says
 * where it went, or why not. `what` names the document in the notice ("Report", "Labels").
 */
export async function savePagePdf(
  paper: PaperSize,
  suggestedName: string,
  what: string
): Promise<void> {
  const r = await tryCall('report:savePdf', { paper, suggestedName })
  if (!r.ok) notices.error(r.error)
  else if (r.value.saved) notices.info(`${what} saved to ${r.value.path ?? ''}`)
}
