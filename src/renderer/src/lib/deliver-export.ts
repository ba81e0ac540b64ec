import type { Result } from '../../../shared/ipc/result'
import type { ExportResultDto } from '../../../shared/model/exchange'
import { notices } from './state/notices.svelte'

/**
 * Hands an export's file to the user and says so, or says why there is none. The desktop app has
 * saved it already (its own dialog); a browser gets the text as a download. `noun` names what
 * was counted ("rows", "entries").
 */
export function deliverExport(result: Result<ExportResultDto>, noun: string): void {
  if (!result.ok) {
    notices.error(result.error)
    return
  }
  const r = result.value
  if (r.savedTo !== null) {
    notices.info(`Exported ${r.rows} ${noun} to ${r.savedTo}`)
    return
  }
  const url = URL.createObjectURL(new Blob([r.content], { type: r.mime }))
  const a = document.createElement('a')
  a.href = url
  a.download = r.filename
  a.click()
  // The click starts the download; the URL is let go once it surely has.
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 10_000)
  notices.info(`Exported ${r.rows} ${noun} as ${r.filename}`)
}
