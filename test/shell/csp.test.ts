import { describe, expect, it } from 'vitest'
import { buildCsp } from '../../src/shared/csp'

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/)
      return [name, values]
    })
  )
}

describe('content security policy', () => {
  const policy = directives(buildCsp())

  it('allows scripts only from the app: no inline, no eval', () => {
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(buildCsp()).not.toMatch(/unsafe-eval|wasm-unsafe-eval|strict-dynamic|\*/)
    expect(policy.get('default-src')).toEqual(["'none'"])
  })

  it('locks down connections, plugins, base, framing and forms', () => {
    expect(policy.get('connect-src')).toEqual(["'self'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('form-action')).toEqual(["'none'"])
  })

  it('takes images from the app (and its cache) only', () => {
    expect(policy.get('img-src')).toEqual(["'self'"])
    const withCache = directives(buildCsp({ imageSources: ['studbook-img:'] }))
    expect(withCache.get('img-src')).toEqual(["'self'", 'studbook-img:'])
  })

  it('refuses sources that would smuggle in directives or wildcards', () => {
    const bad = [
      "'self'; script-src *",
      '*',
      'https:',
      'http:',
      'https://*.example.com',
      "'unsafe-inline'"
    ]
    for (const source of bad) {
      expect(() => buildCsp({ imageSources: [source] })).toThrow()
    }
    expect(() => buildCsp({ devServerOrigin: 'http://localhost:5173; script-src *' })).toThrow()
  })

  it('widens only scripts, styles and the HMR socket for the dev server, never eval', () => {
    const dev = buildCsp({ devServerOrigin: 'http://localhost:5173' })
    const d = directives(dev)
    expect(d.get('script-src')).toEqual(["'self'", 'http://localhost:5173'])
    expect(d.get('connect-src')).toEqual(["'self'", 'http://localhost:5173', 'ws://localhost:5173'])
    expect(dev).not.toContain('unsafe-eval')
    expect(d.get('script-src')).not.toContain("'unsafe-inline'")
  })
})
