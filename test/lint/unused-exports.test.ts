import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { unusedExports } from './export-usage'

/**
 * Every name src exports is used by another file (src, tests, benchmarks, scripts, configs): an
 * export nobody imports is dead code or a missing test. Exceptions are listed with their reason.
 */
const ROOT = join(import.meta.dirname, '../..')
const SKIP = new Set(['node_modules', 'out', 'dist', 'test-results', 'coverage'])

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.') || SKIP.has(e.name)) return []
    const path = join(dir, e.name)
    if (e.isDirectory()) return walk(path)
    return /\.(ts|mts|mjs|svelte)$/.test(e.name) && !e.name.endsWith('.d.mts') ? [path] : []
  })
}

function repoFiles(): Map<string, string> {
  const files = new Map<string, string>()
  const roots = ['src', 'test', 'bench', 'scripts'].map((d) => join(ROOT, d))
  const top = readdirSync(ROOT)
    .filter((n) => /\.(ts|mts|mjs)$/.test(n))
    .map((n) => join(ROOT, n))
  for (const path of [...roots.flatMap(walk), ...top]) {
    files.set(relative(ROOT, path).split(sep).join('/'), readFileSync(path, 'utf8'))
  }
  return files
}

const isCandidate = (path: string): boolean =>
  path.startsWith('src/') && path.endsWith('.ts') && !path.endsWith('.d.ts')

/** `file#name` → why it stays exported though no other file imports it. */
const ALLOWED: Readonly<Record<string, string>> = {}

describe('exports of src', () => {
  it('finds an export no other file uses, through re-exports, namespaces and import()', () => {
    const files = new Map([
      ['src/a.ts', 'export const used = 1\nexport const unused = 2\nexport type T = number'],
      ['src/b.ts', "export { used } from './a'\nexport * from './c'"],
      ['src/c.ts', 'export function viaStar() {}\nexport function lonely() {}'],
      ['src/d.ts', 'export const member = 1\nexport const other = 2'],
      ['src/e.ts', 'export const dyn = 1\nexport const notDestructured = 2'],
      [
        'test/x.ts',
        [
          "import { used, viaStar } from '../src/b'",
          "import * as d from '../src/d'",
          "import type { T } from '../src/a'",
          "const { dyn } = await import('../src/e')",
          'd.member'
        ].join('\n')
      ]
    ])
    expect(unusedExports(files, isCandidate)).toEqual([
      'src/a.ts#unused',
      'src/c.ts#lonely',
      'src/d.ts#other',
      'src/e.ts#notDestructured'
    ])
  })

  it('each is used by another file, or listed with its reason', () => {
    const unused = unusedExports(repoFiles(), isCandidate)
    expect(unused.filter((key) => !(key in ALLOWED))).toEqual([])
    // An exception that is used again is taken off the list.
    expect(Object.keys(ALLOWED).filter((key) => !unused.includes(key))).toEqual([])
  })
})
