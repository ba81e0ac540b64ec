/** The renderer's home: a privileged custom scheme, never file://. */
export const APP_SCHEME = 'app'
export const APP_HOST = 'studbook'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/**
 * `scheme://host[:port]` of a URL, or null when it has no host. Node's URL reports `origin` as
 * "null" for non-special schemes such as app:, so the origin is assembled from its parts.
 */
export function originOf(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.host === '') return null
  return `${url.protocol}//${url.host}`
}

/**
 * Where the window loads the renderer from. The dev-server URL is a development convenience and is
 * ignored in a packaged app, whatever the environment says.
 */
export function resolveRendererUrl(options: {
  readonly isPackaged: boolean
  readonly devServerUrl: string | undefined
}): { readonly url: string; readonly devOrigin: string | null } {
  if (!options.isPackaged && options.devServerUrl !== undefined) {
    const origin = originOf(options.devServerUrl)
    if (origin !== null && /^https?:\/\//.test(origin)) {
      return { url: options.devServerUrl, devOrigin: origin }
    }
  }
  return { url: APP_ENTRY_URL, devOrigin: null }
}
