import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createAppRequestHandler } from '../../src/main/shell/app-protocol'
import { buildCsp, MEDIA_CSP } from '../../src/shared/csp'
import { tempDirsOfFile } from '../temp-dirs'

const tempDir = tempDirsOfFile()

function fixture() {
  const base = tempDir('sb-proto-')
  const renderer = join(base, 'renderer')
  mkdirSync(join(renderer, 'assets'), { recursive: true })
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Studbook</title>')
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(base, 'secret.txt'), 'do not serve')
  symlinkSync(join(base, 'secret.txt'), join(renderer, 'link.txt'))
  const cache = new Map([
    ['media/ab12.jpg', { contentType: 'image/jpeg', body: new TextEncoder().encode('JPEG') }],
    [
      'media/thumb.svg',
      {
        contentType: 'image/svg+xml',
        body: new TextEncoder().encode(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
        )
      }
    ],
    ['media/evil.html', { contentType: 'text/html', body: new TextEncoder().encode('<script>') }]
  ])
  const asked: string[] = []
  const media = (path: string) => {
    asked.push(path)
    return Promise.resolve(cache.get(path) ?? null)
  }
  const handle = createAppRequestHandler({ rendererDir: renderer, media })
  const get = (url: string, method = 'GET') => handle(new Request(url, { method }))
  return { get, asked }
}

describe('app:// protocol', () => {
  it('serves the renderer entry with the strict CSP header and no-sniff', async () => {
    const { get } = fixture()
    for (const url of ['app://studbook/', 'app://studbook/index.html']) {
      const response = await get(url)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(response.headers.get('content-security-policy')).toBe(buildCsp())
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await response.text()).toContain('<title>Studbook</title>')
    }
  })

  it('serves assets with their MIME type', async () => {
    const response = await fixture().get('app://studbook/assets/app.js')
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await response.text()).toBe('console.log(1)')
  })

  it.each([
    'app://studbook/../secret.txt',
    'app://studbook/%2e%2e/secret.txt',
    'app://studbook/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    'app://studbook/..%5csecret.txt',
    'app://studbook/%00index.html',
    'app://studbook/%E0%A4%A',
    'app://studbook/link.txt',
    'app://studbook/missing.js',
    'app://studbook/assets',
    'app://other/index.html',
    'app://studbook/media/%2e%2e%2fsecret.txt',
    'app://studbook/media/missing.jpg'
  ])('refuses %s', async (url) => {
    const response = await fixture().get(url)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('do not serve')
  })

  it('serves cached images, and only images, from the app image cache under /media/', async () => {
    const { get, asked } = fixture()
    const image = await get('app://studbook/media/ab12.jpg')
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    // A picture opened on its own is a sandboxed document that may load nothing.
    expect(image.headers.get('content-security-policy')).toBe(MEDIA_CSP)
    expect(image.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
    expect(await image.text()).toBe('JPEG')
    // The demo's thumbnails are SVG: served, under the same sandbox (its script cannot run).
    const svg = await get('app://studbook/media/thumb.svg')
    expect(svg.status).toBe(200)
    expect(svg.headers.get('content-type')).toBe('image/svg+xml')
    expect(svg.headers.get('content-security-policy')).toMatch(/^sandbox;.*default-src 'none'/)
    expect((await get('app://studbook/media/evil.html')).status).toBe(404)
    expect(asked).toEqual(['media/ab12.jpg', 'media/thumb.svg', 'media/evil.html'])
  })

  it('serves no media at all when the app has no cache yet', async () => {
    const base = tempDir('sb-proto-')
    const handle = createAppRequestHandler({ rendererDir: base })
    const response = await handle(new Request('app://studbook/media/ab12.jpg'))
    expect(response.status).toBe(404)
  })

  it('is read-only', async () => {
    const response = await fixture().get('app://studbook/index.html', 'POST')
    expect(response.status).toBe(405)
  })
})
