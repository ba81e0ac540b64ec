import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

// A version no source file could hold by chance: the app must report package.json's, whatever it is.
vi.mock('../../package.json', () => ({ version: '9.87.654', default: { version: '9.87.654' } }))

const { createApp } = await import('../../src/main/app/compose')

const root = join(import.meta.dirname, '../..')
let dir = ''
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((p) => /\.(ts|svelte|mjs)$/.test(p))
    .map((p) => join(folder, p))
}

describe('identity', () => {
  it('app info reports the version package.json holds', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studbook-identity-'))
    const app = await createApp({
      dataDir: dir,
      host: 'browser',
      demoSets: 20,
      autoSync: false,
      credentials: 'memory'
    })
    try {
      const info = await app.handlers['app:getInfo']({})
      expect(info.version).toBe('9.87.654')
    } finally {
      await app.close()
    }
  })

  it("no source file writes the app's version out by hand", () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      version: string
    }
    const quoted = new RegExp(`['"\`]v?${version.replaceAll('.', '\\.')}['"\`]`)
    const found = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'scripts'))].filter(
      (f) => quoted.test(readFileSync(f, 'utf8'))
    )
    expect(found).toEqual([])
  })

  it('ships under the MIT licence, named alike in package.json and LICENSE', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { license: string }
    expect(pkg.license).toBe('MIT')
    const text = readFileSync(join(root, 'LICENSE'), 'utf8')
    expect(text).toMatch(/^MIT License/)
    expect(text).toContain('Permission is hereby granted, free of charge')
  })
})
