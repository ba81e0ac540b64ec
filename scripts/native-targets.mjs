// Which native binaries (`.node`) each installer carries, and whether each fits its target. Shared by
// package:check (every configured target, from node_modules through electron-builder's own file
// matcher) and the afterPack hook (the package electron-builder just assembled).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import { tsImport } from 'tsx/esm/api'
import { productionPackages } from './production-packages.mjs'

const root = join(import.meta.dirname, '..')
const require = createRequire(join(root, 'package.json'))
const { describeHeader, nativeMismatch, readNativeHeader, describeTarget } = await tsImport(
  '../src/main/credentials/native-binary.ts',
  import.meta.url
)
export { describeTarget }

/** electron-builder's configuration key for a platform, as its `${os}` macro expands. */
export const OS_KEY = { darwin: 'mac', win32: 'win', linux: 'linux' }
const PLATFORM_OF = { mac: 'darwin', win: 'win32', linux: 'linux' }

/** Every platform and architecture electron-builder.yml builds installers for. */
export function configuredTargets(config) {
  const out = []
  for (const os of ['mac', 'win', 'linux']) {
    for (const t of config[os]?.target ?? []) {
      const arches = typeof t === 'string' ? ['x64'] : (t.arch ?? ['x64'])
      for (const arch of [arches].flat()) {
        if (!out.some((o) => o.os === os && o.arch === arch))
          out.push({ os, platform: PLATFORM_OF[os], arch })
      }
    }
  }
  return out
}

function nodeFilesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((p) => p.endsWith('.node') && !p.split(sep).includes('node_modules'))
    .map((p) => join(dir, p))
    .filter((p) => statSync(p).isFile())
}

/** Production packages holding native binaries: name → absolute paths of every `.node` in it. */
export function nativePackages() {
  const out = new Map()
  for (const [name, dir] of productionPackages()) {
    const files = nodeFilesUnder(dir)
    if (files.length > 0) out.set(name, files)
  }
  return out
}

/**
 * The `.node` files a target's package would carry: each candidate run through electron-builder's
 * FileMatcher with the same `files` patterns and the same macro expansion it applies to
 * node_modules when it packs that target on that target's own OS (`${platform}` is the build
 * machine's OS, `${os}` and `${arch}` the target's).
 */
export function carriedFor(config, target, packages = nativePackages()) {
  const { FileMatcher } = require('app-builder-lib/out/fileMatcher')
  const { expandMacro } = require('app-builder-lib/out/util/macroExpander')
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const appInfo = {
    productName: pkg.productName,
    sanitizedProductName: pkg.productName,
    productFilename: pkg.productName,
    version: pkg.version,
    name: pkg.name
  }
  const expander = (p) =>
    expandMacro(p.replaceAll('${platform}', target.platform), target.arch, appInfo, {
      os: target.os,
      '/*': '{,/**/*}'
    })
  const patterns = (config.files ?? []).filter((p) => typeof p === 'string' && p.startsWith('!'))
  const carried = new Map()
  for (const [name, files] of packages) {
    const dir = join(root, 'node_modules', name)
    const matcher = new FileMatcher(dir, join('node_modules', name), expander, [
      '**/*',
      ...patterns
    ])
    const filter = matcher.createFilter()
    const kept = files.filter((file) =>
      filter(file, {
        moduleFullFilePath: join('node_modules', name, relative(dir, file)),
        isDirectory: () => false
      })
    )
    carried.set(name, kept)
  }
  return carried
}

/**
 * True when every binary a package holds is for one platform and architecture: a module built or
 * fetched for one machine (keytar), not one shipping prebuilds for several side by side.
 */
export function singleTarget(files) {
  return (
    new Set(files.map((f) => describeHeader(readNativeHeader(f) ?? { platform: '?', arches: [f] })))
      .size === 1
  )
}

/**
 * What is wrong with a target's native binaries, as sentences: a package with no binary for the
 * target, or any binary (carried at all) built for another platform or architecture.
 */
export function nativeProblems(carried, target, labelOf = (file) => relative(root, file)) {
  const problems = []
  for (const [name, files] of carried) {
    if (files.length === 0) {
      problems.push(`${name} carries no native binary for ${describeTarget(target)}`)
      continue
    }
    for (const file of files) {
      const why = nativeMismatch(readNativeHeader(file), target)
      if (why !== null) problems.push(`${labelOf(file)}: ${why}`)
    }
  }
  return problems
}
