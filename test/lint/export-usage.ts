import { posix } from 'node:path'
import ts from 'typescript'

/**
 * Which exported names no other file uses. Read from the files' syntax alone (fast, no type
 * checker): imports, re-exports (followed to the module that declares the name), `export *`,
 * namespace imports (by the members used), dynamic `import()` (by the names destructured, else
 * all). Paths are repository-relative with `/`.
 */

interface ReExport {
  readonly from: string
  readonly name: string
}

interface ModuleFacts {
  /** Exported name → declared here (null) or re-exported from another module. */
  readonly exports: Map<string, ReExport | null>
  readonly stars: string[]
  /** Names this file uses from other modules ('*': all of them). */
  readonly uses: { readonly from: string; readonly names: readonly string[] | '*' }[]
}

const EXTENSIONS = ['', '.ts', '.svelte.ts', '.svelte', '.mts', '/index.ts']

function resolveSpec(
  files: ReadonlyMap<string, string>,
  from: string,
  spec: string
): string | null {
  if (!spec.startsWith('.')) return null
  const base = posix.normalize(posix.join(posix.dirname(from), spec))
  for (const ext of EXTENSIONS) if (files.has(base + ext)) return base + ext
  return null
}

/** The TypeScript of a file: a .svelte component's script blocks, joined. */
function scriptOf(path: string, text: string): string {
  if (!path.endsWith('.svelte')) return text
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
}

const hasExportModifier = (n: ts.Node): boolean =>
  ts.canHaveModifiers(n) &&
  (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
const isDefault = (n: ts.Node): boolean =>
  ts.canHaveModifiers(n) &&
  (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text]
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bindingNames(e.name)))
}

function declaredNames(node: ts.Statement): string[] {
  if (ts.isVariableStatement(node)) {
    return node.declarationList.declarations.flatMap((d) => bindingNames(d.name))
  }
  if (isDefault(node)) return ['default']
  const named = node as ts.Statement & { name?: ts.Node }
  return named.name !== undefined && ts.isIdentifier(named.name) ? [named.name.text] : []
}

/** The names destructured from `await import(…)`, or '*' when the module is used whole. */
function dynamicNames(call: ts.CallExpression): readonly string[] | '*' {
  const parent = ts.isAwaitExpression(call.parent) ? call.parent.parent : call.parent
  if (ts.isVariableDeclaration(parent) && ts.isObjectBindingPattern(parent.name)) {
    return parent.name.elements.map((e) => (e.propertyName ?? e.name).getText())
  }
  return '*'
}

function facts(files: ReadonlyMap<string, string>, path: string): ModuleFacts {
  const source = ts.createSourceFile(
    path,
    scriptOf(path, files.get(path) ?? ''),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS
  )
  const exports = new Map<string, ReExport | null>()
  const stars: string[] = []
  const uses: ModuleFacts['uses'][number][] = []
  /** Local names bound by imports, for `export { x }` of an imported x and for namespaces. */
  const imported = new Map<string, ReExport>()
  const namespaces = new Map<string, string>()
  const resolve = (spec: ts.Expression | undefined): string | null =>
    spec !== undefined && ts.isStringLiteral(spec) ? resolveSpec(files, path, spec.text) : null

  for (const st of source.statements) {
    if (ts.isImportDeclaration(st)) {
      const from = resolve(st.moduleSpecifier)
      const clause = st.importClause
      if (from === null || clause === undefined) continue
      const names: string[] = []
      if (clause.name) {
        names.push('default')
        imported.set(clause.name.text, { from, name: 'default' })
      }
      const bindings = clause.namedBindings
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, from)
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) {
          const name = (el.propertyName ?? el.name).text
          names.push(name)
          imported.set(el.name.text, { from, name })
        }
      }
      uses.push({ from, names })
    } else if (ts.isExportDeclaration(st)) {
      const from = resolve(st.moduleSpecifier)
      const clause = st.exportClause
      if (clause === undefined) {
        if (from !== null) stars.push(from)
      } else if (ts.isNamespaceExport(clause)) {
        if (from !== null) {
          exports.set(clause.name.text, null)
          uses.push({ from, names: '*' })
        }
      } else {
        for (const el of clause.elements) {
          const local = (el.propertyName ?? el.name).text
          const target = from !== null ? { from, name: local } : (imported.get(local) ?? null)
          exports.set(el.name.text, target)
        }
      }
    } else if (ts.isExportAssignment(st)) {
      exports.set('default', null)
    } else if (hasExportModifier(st)) {
      for (const name of declaredNames(st)) exports.set(name, null)
    }
  }

  const visit = (node: ts.Node): void => {
    // tsx's `tsImport(spec, …)` (scripts load TypeScript modules with it) is an import() too.
    const isTsImport =
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'tsImport'
    if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || isTsImport)
    ) {
      const from = resolve(node.arguments[0])
      if (from !== null) uses.push({ from, names: dynamicNames(node) })
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument
      const spec = ts.isLiteralTypeNode(arg) ? arg.literal : undefined
      const from = spec !== undefined && ts.isStringLiteral(spec) ? resolve(spec) : null
      const q = node.qualifier
      if (from !== null) uses.push({ from, names: q ? [q.getText().split('.')[0] ?? ''] : '*' })
    } else if (ts.isIdentifier(node) && namespaces.has(node.text)) {
      const from = namespaces.get(node.text) ?? ''
      const parent = node.parent
      const member =
        ts.isPropertyAccessExpression(parent) && parent.expression === node
          ? parent.name.text
          : ts.isQualifiedName(parent) && parent.left === node
            ? parent.right.text
            : null
      const declaring = ts.isNamespaceImport(parent)
      if (!declaring) uses.push({ from, names: member === null ? '*' : [member] })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { exports, stars, uses }
}

/**
 * `file#name` for every export of a file `isCandidate` accepts that no other file uses. A use of a
 * re-export counts for the module that declares the name.
 */
export function unusedExports(
  files: ReadonlyMap<string, string>,
  isCandidate: (path: string) => boolean
): string[] {
  const all = new Map<string, ModuleFacts>()
  for (const path of files.keys()) all.set(path, facts(files, path))
  const used = new Set<string>()

  const mark = (file: string, name: string, by: string, seen = new Set<string>()): void => {
    const key = `${file}#${name}`
    if (seen.has(key)) return
    seen.add(key)
    const f = all.get(file)
    if (f === undefined) return
    if (by !== file) used.add(key)
    const target = f.exports.get(name)
    if (target) mark(target.from, target.name, file, seen)
    if (!f.exports.has(name)) for (const s of f.stars) mark(s, name, file, seen)
  }
  const markAll = (file: string, by: string, seen = new Set<string>()): void => {
    if (seen.has(file)) return
    seen.add(file)
    const f = all.get(file)
    if (f === undefined) return
    for (const name of f.exports.keys()) mark(file, name, by)
    for (const s of f.stars) markAll(s, file, seen)
  }

  for (const [path, f] of all) {
    for (const u of f.uses) {
      if (u.names === '*') markAll(u.from, path)
      else for (const name of u.names) mark(u.from, name, path)
    }
  }
  const out: string[] = []
  for (const [path, f] of all) {
    if (!isCandidate(path)) continue
    for (const name of f.exports.keys())
      if (!used.has(`${path}#${name}`)) out.push(`${path}#${name}`)
  }
  return out.sort()
}
