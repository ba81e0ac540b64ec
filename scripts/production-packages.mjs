// The production dependency closure, as Node resolves it from the installed packages' manifests:
// what an installer must carry. Read by package:check (package-contents.mjs) and by the native
// binaries' check (native-targets.mjs).
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

const root = join(import.meta.dirname, '..')

/** Directories of the production dependency closure, by package name (first found wins). */
export function productionPackages() {
  const found = new Map()
  const visit = (name, from) => {
    if (found.has(name)) return
    let dir = from
    for (;;) {
      const candidate = join(dir, 'node_modules', name)
      if (existsSync(join(candidate, 'package.json'))) {
        found.set(name, candidate)
        const manifest = JSON.parse(readFileSync(join(candidate, 'package.json'), 'utf8'))
        for (const dep of Object.keys({
          ...manifest.dependencies,
          ...manifest.optionalDependencies
        })) {
          visit(dep, candidate)
        }
        return
      }
      if (dir === root) return
      dir = dirname(dir)
    }
  }
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, root)
  return found
}
