/**
 * The renderer's Content-Security-Policy, served as a response header by both hosts (Electron's
 * app:// scheme and the browser host), so the policy the browser tests exercise is the one users get.
 */
export const CSP_HEADER_NAME = 'Content-Security-Policy'

/**
 * The policy of a cached picture served by either host. Opened directly (not as an <img>), a
 * picture is a document on the app's origin: an SVG from a catalogue service must not run script
 * or load anything there.
 */
export const MEDIA_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:"

/** How long a host lets the renderer keep a cached picture before it asks again (seconds). */
export const MEDIA_MAX_AGE_S = 600

interface CspOptions {
  /**
   * Extra image sources beyond the app itself (e.g. a dedicated image-cache scheme such as
   * `studbook-img:`). Each must be a scheme (`name:`) or an origin (`scheme://host[:port]`).
   */
  readonly imageSources?: readonly string[]
  /**
   * Unpackaged development only: the Vite dev-server origin (`http://localhost:5173`). Allows its
   * scripts and its HMR socket; never `unsafe-eval`.
   */
  readonly devServerOrigin?: string
}

const SOURCE = /^(?:[a-z][a-z0-9+.-]*:|[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(?::\d{1,5})?)$/

function checkSource(source: string): string {
  // A source is spliced into a header: anything beyond a bare scheme or origin could widen the policy.
  // A bare network scheme ("https:") would admit the whole web.
  if (!SOURCE.test(source) || /^(?:https?|wss?|ftp):$/.test(source))
    throw new Error(`CSP source is not a scheme or origin: ${source}`)
  return source
}

function devSocket(origin: string): string {
  return origin.replace(/^http/, 'ws')
}

/** The header value. Directives that are not listed fall back to `default-src 'none'`. */
export function buildCsp(options: CspOptions = {}): string {
  const images = (options.imageSources ?? []).map(checkSource)
  const dev = options.devServerOrigin === undefined ? [] : [checkSource(options.devServerOrigin)]
  const directives: [string, ...string[]][] = [
    ['default-src', "'none'"],
    ['script-src', "'self'", ...dev],
    // Vite injects <style> elements in dev only; the built app ships CSS files.
    ['style-src', "'self'", ...(dev.length > 0 ? ["'unsafe-inline'"] : [])],
    // Svelte writes static style="" attributes; attributes cannot run script.
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', "'self'", ...images],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...dev, ...dev.map(devSocket)],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['media-src', "'none'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"]
  ]
  return directives.map((parts) => parts.join(' ')).join('; ')
}
