import type { PaperSize } from '../../../shared/model/report'
import { tryCall } from './api'
import { notices } from './state/notices.svelte'
import { OwnFields } from './state/own-fields.svelte'

/**
 * A print screen's Print and Save as PDF (the report, the labels): `busy` while either runs,
 * `status` what it is doing, said where a screen reader hears it. `ready` runs first, for what
 * the page needs before paper (the report's pictures); it may say its progress through `say`.
 */
export class PagePrint extends OwnFields(() => ({ busy: false, status: '' })) {
  readonly #ready: (say: (status: string) => void) => Promise<void>

  constructor(ready: (say: (status: string) => void) => Promise<void> = () => Promise.resolve()) {
    super()
    this.#ready = ready
  }

  /** Through the browser's print dialog. */
  async print(): Promise<void> {
    await this.#run(() => {
      window.print()
      return Promise.resolve()
    })
  }

  /**
   * To a PDF on the given paper (the desktop app's port prints what the window shows), then
   * says where it went, or why not. `what` names the document in the notice ("Report").
   */
  async savePdf(paper: PaperSize, suggestedName: string, what: string): Promise<void> {
    await this.#run(async () => {
      this.write({ status: 'Making the PDF…' })
      const r = await tryCall('report:savePdf', { paper, suggestedName })
      if (!r.ok) notices.error(r.error)
      else if (r.value.saved) notices.info(`${what} saved to ${r.value.path ?? ''}`)
    })
  }

  async #run(job: () => Promise<void>): Promise<void> {
    this.write({ busy: true })
    try {
      await this.#ready((status) => {
        this.write({ status })
      })
      this.write({ status: '' })
      await job()
    } finally {
      this.write({ busy: false, status: '' })
    }
  }
}
