import { readFile, realpath } from 'node:fs/promises'
import { isAbsolute, relative, resolve } from 'node:path'
import { buildCsp, CSP_HEADER_NAME, MEDIA_CSP, MEDIA_MAX_AGE_S } from '../../shared/csp'
import { isPictureType, mimeTypeOf } from '../mime-types'
import { APP_HOST, APP_SCHEME } from './app-origin'

/** Must be registered before the app is ready: a standard, secure scheme gets an origin and 'self'. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true }
} as const

interface AppProtocolOptions {
  /** The built renderer (out/renderer), inside the asar when packaged. */
  readonly rendererDir: string
  /**
   * The app's image cache: `media/...` paths, as the DTOs carry them, served under /media/ so they
   * count as 'self' for the CSP.
   */
  readonly media?: (path: string) => Promise<{ contentType: string; body: Uint8Array } | null>
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }
  })
}

/** The file under root that a URL path names, or null when it would escape root. */
async function locate(root: string, urlPath: string): Promise<string | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const candidate = resolve(root, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`)
  const inside = (p: string, r: string): boolean => {
    const rel = relative(r, p)
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
  }
  if (!inside(candidate, root)) return null
  try {
    // A symlink inside the folder must not lead outside it either.
    const [real, realRoot] = await Promise.all([realpath(candidate), realpath(root)])
    return inside(real, realRoot) ? real : null
  } catch {
    return null
  }
}

/**
 * The app:// request handler: read-only GET of the built renderer (and the image cache), with the
 * CSP and no-sniff headers on every response. Anything else is refused.
 */
export function createAppRequestHandler(
  options: AppProtocolOptions
): (request: Request) => Promise<Response> {
  const csp = buildCsp()
  const rendererDir = resolve(options.rendererDir)
  const headers = (contentType: string): Record<string, string> => ({
    'Content-Type': contentType,
    [CSP_HEADER_NAME]: csp,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache'
  })
  const serveMedia = async (path: string, method: string): Promise<Response> => {
    let decoded: string
    try {
      decoded = decodeURIComponent(path)
    } catch {
      return plain(404, 'Not found')
    }
    const file = options.media ? await options.media(decoded).catch(() => null) : null
    // Only pictures leave the cache (checked here too, whatever the cache holds).
    if (file === null || !isPictureType(file.contentType)) {
      return plain(404, 'Not found')
    }
    const body = method === 'HEAD' ? null : new Uint8Array(file.body)
    return new Response(body, {
      status: 200,
      headers: {
        ...headers(file.contentType),
        [CSP_HEADER_NAME]: MEDIA_CSP,
        // Pictures change rarely: the renderer may keep them instead of asking on every scroll.
        'Cache-Control': `private, max-age=${String(MEDIA_MAX_AGE_S)}`
      }
    })
  }
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return plain(405, 'Method not allowed')
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return plain(400, 'Bad request')
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return plain(404, 'Not found')
    if (url.pathname.startsWith('/media/')) return serveMedia(url.pathname.slice(1), request.method)
    const file = await locate(rendererDir, url.pathname === '/' ? '/index.html' : url.pathname)
    if (file === null) return plain(404, 'Not found')
    let body: Buffer
    try {
      body = await readFile(file)
    } catch {
      return plain(404, 'Not found')
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: headers(mimeTypeOf(file))
    })
  }
}
