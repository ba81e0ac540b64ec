import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createAppRequestHandler } from '../../src/main/shell/app-protocol'
import { buildCsp } from '../../src/shared/csp'

function fixture() {
  const base = mkdtempSync(join(tmpdir(), 'sb-proto-'))
  const renderer = join(base, 'renderer')
  const images = join(base, 'images')
  mkdirSync(join(renderer, 'assets'), { recursive: true })
  mkdirSync(images)
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Studbook</title>')
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(base, 'secret.txt'), 'do not serve')
  writeFileSync(join(images, '10001-1.jpg'), 'JPEG')
  writeFileSync(join(images, 'notes.html'), '<script>alert(1)</script>')
  symlinkSync(join(base, 'secret.txt'), join(renderer, 'link.txt'))
  const handle = createAppRequestHandler({ rendererDir: renderer, imageCacheDir: images })
  const get = (url: string, method = 'GET') => handle(new Request(url, { method }))
  return { get }
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
    'app://studbook/image-cache/../secret.txt',
    'app://studbook/image-cache/%2e%2e%2fsecret.txt'
  ])('refuses %s', async (url) => {
    const response = await fixture().get(url)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('do not serve')
  })

  it('serves cached images, and only images, from the image cache', async () => {
    const { get } = fixture()
    const image = await get('app://studbook/image-cache/10001-1.jpg')
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    expect((await get('app://studbook/image-cache/notes.html')).status).toBe(404)
  })

  it('is read-only', async () => {
    const response = await fixture().get('app://studbook/index.html', 'POST')
    expect(response.status).toBe(405)
  })
})
