import { chromium } from 'playwright-core'
import { CHROMIUM_OPTIONS, SHARED_CHROMIUM } from './chromium'

/**
 * The end-to-end suite's global set-up: one Chromium for every file, which each file connects to
 * (chromium.ts `launchChromium`). The files run in a process started after this, which inherits
 * the address. Closed when the suite ends.
 */
export default async function startSharedChromium(): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(CHROMIUM_OPTIONS)
  process.env[SHARED_CHROMIUM] = server.wsEndpoint()
  return async () => {
    await server.close()
  }
}
