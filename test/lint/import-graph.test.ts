import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { unusedExports } from './export-usage'
import { ROOT, sources } from './source-files'

/**
 * The import graph of src as the files state it, type-only imports included: a type circle still ties
 * modules together for the reader. Lower layers never import upward, and nothing imports app/ except the
 * two host entries.
 */
const SRC = join(ROOT, 'src')
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate
  }
  return null
}

function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>()
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8')
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolveImport(file, m[1] ?? ''))
      .filter((t): t is string => t !== null)
    edges.set(relative(ROOT, file), [...new Set(targets.map((t) => relative(ROOT, t)))])
  }
  return edges
}

/** Each strongly connected set of more than one module (Tarjan), as sorted file lists. */
function circles(edges: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string): void => {
    index.set(v, next)
    low.set(v, next)
    next += 1
    stack.push(v)
    onStack.add(v)
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0))
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = []
      let w: string | undefined
      do {
        w = stack.pop()
        if (w === undefined) break
        onStack.delete(w)
        group.push(w)
      } while (w !== v)
      if (group.length > 1) found.push(group.sort())
    }
  }
  for (const v of edges.keys()) if (!index.has(v)) visit(v)
  return found
}

const LAYER_OF = (file: string): string => file.split('/').slice(0, 3).join('/')
const FEATURES = [
  'account',
  'catalogue',
  'collection',
  'sync',
  'exchange',
  'report',
  'views',
  'doctor',
  'labels',
  'ledger',
  'money',
  'shelf',
  'watch'
].map((f) => `src/main/${f}`)
const LOWER = ['store', 'service', 'credentials', 'ipc'].map((f) => `src/main/${f}`)

describe('the import graph of src', () => {
  const edges = graph()

  it('reads the real tree', () => {
    expect(edges.size).toBeGreaterThan(150)
    expect(edges.get('src/main/app/compose.ts')).toContain('src/main/sync/runner.ts')
  })

  it('finds a circle when there is one', () => {
    const sample = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']]
    ])
    expect(circles(sample)).toEqual([['a', 'b', 'c']])
  })

  it('has no import circle, type-only imports included', () => {
    expect(circles(edges)).toEqual([])
  })

  it('has no upward import: nothing but the host entries imports app/', () => {
    const upward = [...edges].flatMap(([from, targets]) =>
      targets
        .filter((t) => t.startsWith('src/main/app/') && !from.startsWith('src/main/app/'))
        .filter(() => from !== 'src/main/index.ts' && from !== 'src/main/hosts/web.ts')
        .map((t) => `${from} -> ${t}`)
    )
    expect(upward).toEqual([])
  })

  it('lower layers (store, service, credentials, ipc) import no feature', () => {
    const upward = [...edges].flatMap(([from, targets]) =>
      LOWER.includes(LAYER_OF(from))
        ? targets.filter((t) => FEATURES.includes(LAYER_OF(t))).map((t) => `${from} -> ${t}`)
        : []
    )
    expect(upward).toEqual([])
  })

  it('features meet only through index.ts', () => {
    const inside = [...edges].flatMap(([from, targets]) =>
      targets
        .filter((t) => FEATURES.includes(LAYER_OF(t)) && LAYER_OF(t) !== LAYER_OF(from))
        .filter((t) => FEATURES.includes(LAYER_OF(from)) && !t.endsWith('/index.ts'))
        .map((t) => `${from} -> ${t}`)
    )
    expect(inside).toEqual([])
  })

  it("a feature's index.ts exports only what the rest of src imports from it", () => {
    // Tests reach inside a feature by its own modules: a name kept in the public face for them
    // alone widens what other features may come to lean on.
    const read = (f: string): [string, string] => [f, readFileSync(join(ROOT, f), 'utf8')]
    const unneeded = FEATURES.flatMap((feature) => {
      const face = `${feature}/index.ts`
      // sync/ has none: only the composition root starts it.
      if (!edges.has(face)) return []
      const importers = [...edges]
        .filter(([f, targets]) => !f.startsWith(`${feature}/`) && targets.includes(face))
        .map(([f]) => f)
      return unusedExports(new Map([face, ...importers].map(read)), (f) => f === face)
    })
    expect(unneeded).toEqual([])
  })
})
