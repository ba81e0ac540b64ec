import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8'
}

export interface StaticFile {
  readonly contentType: string
  readonly body: Buffer
}

/** Reads a file below `root` for a URL path; null for anything outside it or missing. */
export async function readStatic(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^[/\\]+/, '')
  const full = join(root, relative)
  // normalize() has resolved `..`; anything that still leaves root is refused.
  if (!full.startsWith(root.endsWith(sep) ? root : root + sep)) return null
  try {
    const info = await stat(full)
    if (!info.isFile()) return null
    return {
      contentType: TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
      body: await readFile(full)
    }
  } catch {
    return null
  }
}
