// What a package holds, read for package:check (scripts/package-check.mjs): the stub Electron it is
// built against, the files of its app.asar, the production dependency closure, the .desktop
// entry's fields, and the checks of its desktop conventions and third-party notices, which
// return their problems (an empty list when all is well).
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { productionPackages } from './production-packages.mjs'
import { NOTICES_FILE } from './third-party-notices.mjs'

const root = join(import.meta.dirname, '..')
const asar = createRequire(join(root, 'package.json'))('@electron/asar')

// Fuse wire as found in a real Electron binary: sentinel, wire version 1, length 8, then one byte per
// fuse ('1' enabled, '0' disabled) in Electron's defaults, so the check proves the config flips them.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
const DEFAULT_WIRE = '10110001'

export function stubElectronDist(dir) {
  mkdirSync(dir, { recursive: true })
  const body = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stub electron: packaging check only" >&2\nexit 1\n'),
    Buffer.from(SENTINEL),
    Buffer.from([1, DEFAULT_WIRE.length]),
    Buffer.from(DEFAULT_WIRE)
  ])
  writeFileSync(join(dir, 'electron'), body)
  chmodSync(join(dir, 'electron'), 0o755)
  writeFileSync(join(dir, 'LICENSE'), 'stub')
  mkdirSync(join(dir, 'resources'), { recursive: true })
}

/** Every file in the asar header: [path, { unpacked }]. */
export function asarFiles(archive) {
  const { header } = asar.getRawHeader(archive)
  const out = []
  const walk = (node, prefix) => {
    for (const [name, entry] of Object.entries(node.files ?? {})) {
      const path = prefix ? `${prefix}/${name}` : name
      if (entry.files) walk(entry, path)
      else out.push([path, { unpacked: entry.unpacked === true, link: entry.link !== undefined }])
    }
  }
  walk(header, '')
  return out
}

/** Names of the production dependency closure, and the development dependencies' names. */
export function productionClosure() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  return {
    names: new Set(productionPackages().keys()),
    dev: Object.keys(pkg.devDependencies ?? {})
  }
}

export function filesUnder(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true })
    .map((p) => join(dir, p))
    .filter((p) => statSync(p).isFile())
}

/** The `key=value` lines of a .desktop entry, as an object. */
export function desktopEntryFields(text) {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
  )
}

/** The desktop's conventions: a backup opens Studbook, and the launcher can be found by use. */
export function desktopConventionProblems(config, entry, mimeInfo) {
  const problems = []
  const check = (ok, message) => {
    if (!ok) problems.push(message)
  }
  const associations = (config.fileAssociations ?? []).filter((a) => a.mimeType)
  check(associations.length > 0, 'fileAssociations names no MIME type for .studbook')
  for (const { mimeType: type, ext } of associations) {
    check(
      (entry.MimeType ?? '').split(';').includes(type),
      `.desktop MimeType is ${entry.MimeType}, lacking ${type}`
    )
    check(
      mimeInfo.includes(`<mime-type type="${type}">`) &&
        mimeInfo.includes(`<glob pattern="*.${ext}"/>`),
      `the shared-mime-info file does not map *.${ext} to ${type}`
    )
  }
  check(Boolean(entry.GenericName), '.desktop entry has no GenericName')
  check(/^([^;]+;)+$/.test(entry.Keywords ?? ''), `.desktop Keywords is ${entry.Keywords}`)
  check(Boolean(entry.Categories), '.desktop entry has no Categories')
  return problems
}

/**
 * The third-party notices (scripts/third-party-notices.mjs, shown under Help › Third-Party
 * Licenses) ship in the renderer build and name every package whose code the app carries: each
 * package shipped in node_modules, each one the main and preload builds bundle (rolldown heads every
 * bundled module with a `// node_modules/<package>/…` line), and each one the renderer's and shared
 * sources import (the renderer build is minified, so its modules are found from the sources).
 */
export function noticeProblems(archive, paths, shipped) {
  const problems = []
  const check = (ok, message) => {
    if (!ok) problems.push(message)
  }
  const file = `out/renderer/${NOTICES_FILE}`
  if (!paths.includes(file)) {
    check(false, `asar lacks ${file}: the third-party notices were not generated`)
    return problems
  }
  let packages
  try {
    packages = JSON.parse(asar.extractFile(archive, file).toString('utf8')).packages
  } catch (error) {
    check(false, `${file} is unreadable: ${error.message}`)
    return problems
  }
  const listed = new Set(packages.map((p) => p.name))
  const unlicensed = packages.filter((p) => !p.license || p.license === 'UNKNOWN')
  check(
    unlicensed.length === 0,
    `${file} names no license for ${unlicensed.map((p) => p.name).join(', ')}`
  )
  const carried = new Set(shipped)
  const bundledLine = /^\/\/ node_modules\/((?:@[^/\s]+\/)?[^/\s]+)\//gm
  for (const p of paths.filter((p) => /^out\/(main|preload)\/.*\.js$/.test(p))) {
    const text = asar.extractFile(archive, p).toString('utf8')
    for (const m of text.matchAll(bundledLine)) carried.add(m[1])
  }
  for (const name of importedPackages(['src/renderer/src', 'src/shared'])) carried.add(name)
  const unlisted = [...carried].filter((name) => !listed.has(name)).sort()
  check(unlisted.length === 0, `${file} misses packages the app carries: ${unlisted.join(', ')}`)
  console.log(`package:check: ${listed.size} packages in the third-party notices`)
  return problems
}

/** Packages the sources under `dirs` import at run time (not `import type`, not Node's own). */
function importedPackages(dirs) {
  const names = new Set()
  // One statement per match: no quote before its `from` (a side-effect import never matches).
  const statement = /^[ \t]*import\s([^']*?)from\s+'([^']+)'/gm
  for (const file of dirs.flatMap((d) => filesUnder(join(root, d)))) {
    if (!/\.(ts|svelte)$/.test(file) || file.endsWith('.d.ts')) continue
    for (const [, what, from] of readFileSync(file, 'utf8').matchAll(statement)) {
      if (/^type\s/.test(what) || from.startsWith('.') || from.startsWith('node:')) continue
      if (from === 'electron') continue
      const parts = from.split('/')
      names.add(from.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0])
    }
  }
  return names
}
