import type { App, Session } from 'electron'
import { hardenWebContents, type ExternalLinkPolicy } from './navigation'
import { denyAllPermissions } from './permissions'

/**
 * Applies the web-contents and permission policy to everything the app ever creates, not just the
 * main window: a stray webContents or session must not be a way around it.
 */
export function applyGlobalPolicy(
  app: App,
  defaultSession: Session,
  links: ExternalLinkPolicy
): void {
  denyAllPermissions(defaultSession)
  app.on('session-created', (session) => {
    denyAllPermissions(session)
  })
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, links)
  })
}

/**
 * Unpackaged development only: Vite's dev server sends no CSP, so the same policy (widened for
 * its scripts and HMR socket, still without eval) is added to its responses here.
 */
export function applyDevServerCsp(session: Session, devOrigin: string, csp: string): void {
  session.webRequest.onHeadersReceived({ urls: [`${devOrigin}/*`] }, (details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] }
    })
  })
}
