// Third-party notices, generated at build time by rollup-plugin-license and shipped in the renderer
// build as `third-party-notices.json` (shown under Help › Third-Party Licenses; checked by
// package:check). Two sources, both read by the library from each package's own manifest and
// LICENSE/NOTICE files:
// - what the bundler put into the JS: every module of every chunk of the main, preload and renderer
//   builds (electron-vite runs them one after another in one process, so one list collects all);
// - what electron-builder ships as node_modules packages: package.json's `dependencies` and their
//   dependency closure (the native modules and electron-updater, which stay external).
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import license from 'rollup-plugin-license'

export const NOTICES_FILE = 'third-party-notices.json'

// The project root: electron-vite runs from it and bundles its config (with this file) into a
// temporary module at the root, so import.meta.dirname does not point here.
const root = process.cwd()
/** name@version -> notice, collected across the three builds of one `electron-vite build`. */
const collected = new Map()

/** Keeps what the library found; a package in several builds or chunks is listed once. */
function collect(dependencies) {
  for (const d of dependencies) {
    if (!d.name || d.self) continue
    collected.set(`${d.name}@${d.version}`, {
      name: d.name,
      version: d.version ?? '',
      license: d.license ?? 'UNKNOWN',
      licenseText: d.licenseText ?? '',
      noticeText: d.noticeText ?? '',
      homepage: d.homepage ?? ''
    })
  }
}

/** Records the packages whose code a build bundles (for the main, preload and renderer builds). */
export function bundledNotices() {
  return license({ thirdParty: collect })
}

/**
 * Directories of the packages electron-builder ships from node_modules: `dependencies` and, from
 * each one's manifest, its dependencies and optional dependencies, resolved as Node does.
 */
function shippedPackageDirs() {
  const dirs = new Map()
  const visit = (name, from) => {
    for (let dir = from; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', name)
      if (existsSync(join(candidate, 'package.json'))) {
        if (dirs.has(candidate)) return
        dirs.set(candidate, true)
        const manifest = JSON.parse(readFileSync(join(candidate, 'package.json'), 'utf8'))
        const deps = { ...manifest.dependencies, ...manifest.optionalDependencies }
        for (const dep of Object.keys(deps)) visit(dep, candidate)
        return
      }
      if (dir === root || dirname(dir) === dir) return
    }
  }
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, root)
  return [...dirs.keys()]
}

/**
 * Writes the notices into the renderer build (the last of the three). Put it after
 * bundledNotices() in the renderer's plugins, so that build's own modules are collected first.
 */
export function writeNotices() {
  return {
    name: 'studbook:third-party-notices',
    generateBundle() {
      // The library reads a package from any file inside it: hand it each shipped package's manifest.
      const shipped = license({ thirdParty: collect })
      const modules = Object.fromEntries(
        shippedPackageDirs().map((dir) => [join(dir, 'package.json'), { renderedLength: 1 }])
      )
      shipped.renderChunk('', { modules }, { sourcemap: false })
      shipped.generateBundle()
      const notices = [...collected.values()].sort(
        (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version)
      )
      this.emitFile({
        type: 'asset',
        fileName: NOTICES_FILE,
        source: JSON.stringify({ packages: notices })
      })
    }
  }
}
