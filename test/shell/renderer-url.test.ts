import { describe, expect, it } from 'vitest'
import { resolveRendererUrl } from '../../src/main/shell/app-origin'

describe('renderer URL', () => {
  it('ignores ELECTRON_RENDERER_URL in a packaged app and loads the app scheme', () => {
    const r = resolveRendererUrl({ isPackaged: true, devServerUrl: 'http://localhost:5173/' })
    expect(r).toEqual({ url: 'app://studbook/index.html', devOrigin: null })
  })

  it('honours the dev server only when unpackaged', () => {
    const r = resolveRendererUrl({ isPackaged: false, devServerUrl: 'http://localhost:5173/' })
    expect(r).toEqual({ url: 'http://localhost:5173/', devOrigin: 'http://localhost:5173' })
  })

  it('never loads file: or junk even when unpackaged', () => {
    for (const devServerUrl of [
      'file:///tmp/index.html',
      'javascript:alert(1)',
      'nonsense',
      undefined
    ]) {
      expect(resolveRendererUrl({ isPackaged: false, devServerUrl }).url).toBe(
        'app://studbook/index.html'
      )
    }
  })
})
