import type { WebContents } from 'electron'
import { isAllowedExternalUrl } from './external-links'

export interface ExternalLinkPolicy {
  /** Hosts the active profile links to (set pages, instruction documents); read on every click. */
  readonly allowedHosts: () => readonly string[]
  readonly openExternal: (url: string) => Promise<void>
}

function openIfAllowed(url: string, policy: ExternalLinkPolicy): void {
  if (!isAllowedExternalUrl(url, policy.allowedHosts())) return
  // A failed hand-off to the OS browser is not the renderer's concern and must not crash main.
  policy.openExternal(url).catch(() => undefined)
}

/**
 * The page never navigates and never opens windows: in-app links are handled by the renderer's own
 * state, and allowlisted https links go to the system browser instead.
 */
const hardened = new WeakSet<WebContents>()

export function hardenWebContents(contents: WebContents, policy: ExternalLinkPolicy): void {
  // Both the window factory and the global web-contents-created hook call this; one set of handlers.
  if (hardened.has(contents)) return
  hardened.add(contents)
  contents.on('will-navigate', (event) => {
    event.preventDefault()
    openIfAllowed(event.url, policy)
  })
  contents.on('will-frame-navigate', (event) => {
    event.preventDefault()
  })
  contents.on('will-redirect', (event) => {
    event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
  })
  contents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url, policy)
    return { action: 'deny' }
  })
}
