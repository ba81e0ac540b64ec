import { readFile, stat } from 'node:fs/promises'
import { join, normalize, sep } from 'node:path'
import { mimeTypeOf } from '../mime-types'

interface StaticFile {
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
      contentType: mimeTypeOf(full),
      body: await readFile(full)
    }
  } catch {
    return null
  }
}
