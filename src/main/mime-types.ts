import { extname } from 'node:path'

/** Content types of the files the renderer build contains; both hosts serve it with these. */
const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8'
}

export function mimeTypeOf(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * The picture types the image cache keeps and both hosts serve. A cached file must never become a
 * page or a script; an SVG is allowed because hosts serve pictures under a sandboxing policy.
 */
const PICTURE_TYPE = /^image\/(png|jpeg|gif|webp|avif|svg\+xml)$/

export function isPictureType(contentType: string): boolean {
  return PICTURE_TYPE.test(contentType)
}
