import { chromium } from 'playwright-core'
import type { Browser } from 'playwright-core'

const CHROMIUM_PATH = process.env.STUDBOOK_CHROMIUM ?? '/usr/bin/chromium'

// Without the background-networking flags Chromium tries Google's hosts, which this network refuses.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage'
]

/** Where the suite's one Chromium listens, once chromium-server.ts has started it. */
export const SHARED_CHROMIUM = 'STUDBOOK_CHROMIUM_WS'

/** The options every Chromium of the suite starts with. */
export const CHROMIUM_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS
} as const

/**
 * A browser for one file. The suite starts one Chromium for all its files (chromium-server.ts),
 * and each file connects to it: a Chromium launched per file cost about 2 s of each file's set-up,
 * almost a minute of the suite. A file's pages live in contexts of its own, as before. Closing a
 * connected browser closes the contexts it made and disconnects, and Chromium stays up for the
 * next file. Run without the suite's set-up, or if that Chromium cannot be reached, a file
 * launches its own.
 */
export async function launchChromium(): Promise<Browser> {
  const shared = process.env[SHARED_CHROMIUM]
  if (shared !== undefined && shared !== '') {
    try {
      return await chromium.connect(shared)
    } catch {
      // Gone (it crashed in an earlier file): this file does not fail for it.
    }
  }
  return chromium.launch(CHROMIUM_OPTIONS)
}
