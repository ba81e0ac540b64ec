import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from './source-files'

/**
 * The benchmarks run under tsx, not vitest, and a module that imports vitest throws there
 * ("Vitest cannot be imported in a CommonJS module"). bench/stall-hostile.ts broke that way when
 * a test fixture it uses gained an afterEach, and nothing noticed: benches are not run by the
 * suite. So no module a bench reaches through its relative imports may import vitest.
 */
const BENCH = join(ROOT, 'bench')
const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+'([^']+)'/g

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (/\.(?:ts|mjs)$/.test(candidate) && existsSync(candidate)) return candidate
  }
  return null
}

/** Each chain from `entry` to a module that imports vitest, as the files it passes. */
function vitestChains(entry: string): string[][] {
  const found: string[][] = []
  const seen = new Set<string>()
  const walk = (file: string, path: string[]): void => {
    if (seen.has(file)) return
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? ''
      if (spec === 'vitest') found.push([...path, relative(ROOT, file)])
      if (!spec.startsWith('.')) continue
      const next = resolveImport(file, spec)
      if (next !== null) walk(next, [...path, relative(ROOT, file)])
    }
  }
  walk(entry, [])
  return found
}

describe('benchmarks run under tsx', () => {
  const benches = readdirSync(BENCH)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(BENCH, f))

  it('reach no module that imports vitest', () => {
    expect(benches.length).toBeGreaterThan(10)
    const bad = benches.flatMap((b) => vitestChains(b).map((c) => c.join(' → ')))
    expect(bad).toEqual([])
  })

  it('finds such a chain when there is one', () => {
    // This file imports vitest itself, so a walk from it must say so.
    expect(vitestChains(join(ROOT, 'test/lint/bench-imports.test.ts'))).toEqual([
      ['test/lint/bench-imports.test.ts']
    ])
  })
})
