import { afterAll, beforeAll } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService, ReferenceServiceOptions } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'

/** The reference service as one test file sees it: in process, answering on loopback. */
export interface ServedReference {
  readonly service: ReferenceService
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  /** The API namespace its answers are in. */
  readonly ns: string
  /** The demo account's key. */
  readonly apiKey: string
}

/**
 * Starts the reference service before the file's tests and closes it after them. The parts are read
 * when a test runs (they exist only once beforeAll has), so keep the object, not its fields.
 */
export function serveReference(options: ReferenceServiceOptions): ServedReference {
  let started: { service: ReferenceService; url: string; close(): Promise<void> } | null = null
  beforeAll(async () => {
    const service = createReferenceService(options)
    const server = await listen(service)
    started = { service, url: server.url, close: () => server.close() }
  })
  afterAll(async () => {
    await started?.close()
    started?.service.close()
  })
  const now = (): { service: ReferenceService; url: string } => {
    if (started === null) throw new Error('the reference service is read before beforeAll ran')
    return started
  }
  return {
    get service() {
      return now().service
    },
    get url() {
      return now().url
    },
    get ns() {
      return now().service.namespaces.api
    },
    get apiKey() {
      return now().service.demo.apiKey
    }
  }
}
