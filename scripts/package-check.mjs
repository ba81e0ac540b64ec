// npm run package:check — packages the app for Linux as a directory against a stub Electron
// (no download, no native rebuild) and checks what would ship: the app's build output and its
// production dependencies only, native modules unpacked, no tests, no source maps, fuses flipped.
// Options: --skip-build (use the existing out/), --keep (leave the temporary folder for a look).
import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

const root = join(import.meta.dirname, '..')
const require = createRequire(join(root, 'package.json'))
const asar = require('@electron/asar')
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses')

const args = new Set(process.argv.slice(2))
const failures = []
const check = (ok, message) => {
  if (!ok) failures.push(message)
}

function run(command, argv, env = {}) {
  const result = spawnSync(command, argv, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env }
  })
  if (result.status !== 0) {
    console.error(`package:check: ${command} ${argv.join(' ')} failed (${result.status})`)
    process.exit(1)
  }
}

// Fuse wire as found in a real Electron binary: sentinel, wire version 1, length 8, then one byte per
// fuse ('1' enabled, '0' disabled) in Electron's defaults, so the check proves the config flips them.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
const DEFAULT_WIRE = '10110001'

function stubElectronDist(dir) {
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
function asarFiles(archive) {
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

/** Names of the production dependency closure, from the installed packages' manifests. */
function productionClosure() {
  const names = new Set()
  const visit = (name, from) => {
    if (names.has(name)) return
    let dir = from
    let manifest = null
    for (;;) {
      const candidate = join(dir, 'node_modules', name, 'package.json')
      if (existsSync(candidate)) {
        manifest = JSON.parse(readFileSync(candidate, 'utf8'))
        dir = join(dir, 'node_modules', name)
        break
      }
      if (dir === root) break
      dir = join(dir, '..', '..')
    }
    if (manifest === null) return
    names.add(name)
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      visit(dep, dir)
    }
  }
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, root)
  return { names, dev: Object.keys(pkg.devDependencies ?? {}) }
}

function filesUnder(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true })
    .map((p) => join(dir, p))
    .filter((p) => statSync(p).isFile())
}

if (!args.has('--skip-build')) run('npx', ['electron-vite', 'build'])
check(existsSync(join(root, 'out/main/index.js')), 'out/main/index.js is missing: build first')

const work = mkdtempSync(join(tmpdir(), 'studbook-package-'))
// Removed however the script ends (a failed electron-builder run exits early), unless --keep.
process.on('exit', () => {
  if (args.has('--keep')) console.log(`package:check: kept ${work}`)
  else rmSync(work, { recursive: true, force: true })
})
const dist = join(work, 'electron-dist')
const output = join(work, 'dist')
stubElectronDist(dist)
run(
  join(root, 'node_modules/.bin/electron-builder'),
  [
    '--linux',
    'dir',
    '--publish',
    'never',
    '-c.npmRebuild=false',
    `-c.electronDist=${dist}`,
    `-c.directories.output=${output}`
  ],
  // Never let a stray nodedir or download mirror steer a rebuild; nothing may be fetched.
  { npm_config_nodedir: '', ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }
)

const unpackedApp = join(output, 'linux-unpacked')
const resources = join(unpackedApp, 'resources')
const archive = join(resources, 'app.asar')
check(existsSync(archive), 'resources/app.asar was not produced')
const files = existsSync(archive) ? asarFiles(archive) : []
const paths = files.map(([p]) => p)

// 1. The app's build output is there, and only it outside node_modules.
for (const required of [
  'package.json',
  'out/main/index.js',
  'out/preload/index.js',
  'out/renderer/index.html'
]) {
  check(paths.includes(required), `asar lacks ${required}`)
}
const stray = paths.filter(
  (p) => !p.startsWith('out/') && !p.startsWith('node_modules/') && p !== 'package.json'
)
check(
  stray.length === 0,
  `asar holds files outside out/ and node_modules/: ${stray.slice(0, 10).join(', ')}`
)

// 2. Dependencies: production closure only.
const { names: prod, dev } = productionClosure()
const shipped = new Set(
  paths
    .filter((p) => p.startsWith('node_modules/'))
    .map((p) => {
      const parts = p.split('/')
      return parts[1]?.startsWith('@') ? `${parts[1]}/${parts[2]}` : parts[1]
    })
)
const extra = [...shipped].filter((n) => !prod.has(n))
check(extra.length === 0, `asar ships packages outside the production closure: ${extra.join(', ')}`)
const devShipped = dev.filter((n) => shipped.has(n) && !prod.has(n))
check(devShipped.length === 0, `asar ships dev dependencies: ${devShipped.join(', ')}`)
const missing = [...prod].filter((n) => !shipped.has(n))
check(missing.length === 0, `asar lacks production dependencies: ${missing.join(', ')}`)

// 3. No tests, no TypeScript sources, no source maps (inline or separate).
const testy = paths.filter(
  (p) =>
    /(^|\/)(test|tests|__tests__)\//.test(p) ||
    /\.(test|spec)\.[cm]?[jt]s$/.test(p) ||
    /(^|\/)src\/(main|renderer|preload|shared)\//.test(p)
)
check(testy.length === 0, `asar holds tests or app sources: ${testy.slice(0, 10).join(', ')}`)
const maps = paths.filter((p) => p.endsWith('.map'))
check(maps.length === 0, `asar holds source maps: ${maps.slice(0, 10).join(', ')}`)
for (const p of paths.filter((p) => p.startsWith('out/') && /\.(m?js|html)$/.test(p))) {
  const text = asar.extractFile(archive, p).toString('utf8')
  check(!/sourceMappingURL=data:/.test(text), `${p} carries an inline source map`)
}

// 4. Native modules: unpacked, present for this platform, and no foreign-platform binaries.
const natives = files.filter(([p]) => p.endsWith('.node'))
check(natives.length > 0, 'no native modules found in the package')
for (const [p, { unpacked }] of natives) {
  check(unpacked, `${p} is packed inside the asar (must be unpacked)`)
  check(
    existsSync(join(resources, 'app.asar.unpacked', p)),
    `${p} is missing from app.asar.unpacked`
  )
}
check(
  natives.some(([p]) => p === 'node_modules/better-sqlite3/prebuilds/linux-x64.node'),
  'better-sqlite3 linux-x64 prebuild is missing'
)
check(
  natives.some(([p]) => /^node_modules\/keytar\/.*keytar\.node$/.test(p)),
  'keytar.node is missing'
)
const musl = natives.filter(([p]) => /prebuilds\/linuxmusl-/.test(p))
check(musl.length === 0, `musl binaries shipped: ${musl.map(([p]) => p).join(', ')}`)

// 5. Sandboxed preload: bundled, requiring nothing but electron.
if (paths.includes('out/preload/index.js')) {
  const preload = asar.extractFile(archive, 'out/preload/index.js').toString('utf8')
  const requires = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1])
  const bad = requires.filter((r) => r !== 'electron')
  check(
    bad.length === 0,
    `the sandboxed preload requires ${bad.join(', ')} (only electron is available)`
  )
}

// 6. Fuses, read back from the packaged executable.
const exe = join(unpackedApp, 'studbook')
if (existsSync(exe)) {
  const wire = await getCurrentFuseWire(exe)
  const expected = {
    RunAsNode: 48,
    EnableCookieEncryption: 49,
    EnableNodeOptionsEnvironmentVariable: 48,
    EnableNodeCliInspectArguments: 48,
    EnableEmbeddedAsarIntegrityValidation: 49,
    OnlyLoadAppFromAsar: 49,
    GrantFileProtocolExtraPrivileges: 48
  }
  for (const [name, state] of Object.entries(expected)) {
    check(
      wire[FuseV1Options[name]] === state,
      `fuse ${name} is ${String.fromCharCode(wire[FuseV1Options[name]])}, expected ${String.fromCharCode(state)}`
    )
  }
} else check(false, 'packaged executable linux-unpacked/studbook is missing')

// 7. Nothing secret-looking in the shipped app code or resources.
const loose = filesUnder(resources).filter((p) => !p.endsWith('app.asar') && !p.endsWith('.node'))
for (const file of loose) {
  check(!/\.(map|ts)$/.test(file), `loose file in resources: ${relative(resources, file)}`)
}

const size = existsSync(archive) ? statSync(archive).size : 0
console.log(
  `package:check: ${paths.length} files in app.asar (${(size / 1e6).toFixed(1)} MB), ${natives.length} native modules unpacked, ${shipped.size} packages`
)
if (failures.length > 0) {
  for (const f of failures) console.error(`  ✗ ${f}`)
  process.exit(1)
}
console.log('package:check: OK')
