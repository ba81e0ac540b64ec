import { chromium } from 'playwright-core'
import type { Browser } from 'playwright-core'

export const CHROMIUM_PATH = process.env.STUDBOOK_CHROMIUM ?? '/usr/bin/chromium'

// Without the background-networking flags Chromium tries Google's hosts, which this network refuses.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage'
]

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
}
