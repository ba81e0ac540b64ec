// npm run package:check — checks what each installer would ship, in two parts:
// 1. From the configuration, for every configured platform and architecture: the product name,
//    data folder and .desktop identity, asar integrity, the update feed, one installer per
//    architecture, and the native binaries each target would carry (read from each `.node` header).
// 2. By packaging the app for Linux x64 as a directory against a stub Electron (no download, no
//    native rebuild): the app's build output and production dependencies only, native modules
//    unpacked and only the target's, no tests, no source maps, fuses flipped, the generated .desktop
//    entry and app-update.yml, app.asar within its 5 MB budget, and the third-party notices naming
//    every package the app carries.
// Options: --skip-build (use the existing out/), --keep (leave the temporary folder for a look),
// --static (part 1 only), --target <platform>-<arch> (also require that target's binaries to be
// staged in node_modules, as on a build machine before packaging it; repeatable), --dist <dir>
// (where built installers are checked for what their updater needs; default dist/).
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
import { parseArgs } from 'node:util'
import { tsImport } from 'tsx/esm/api'
import { checkPackagedNatives } from './after-pack.mjs'
import { NOTICES_FILE } from './third-party-notices.mjs'
import {
  carriedFor,
  configuredTargets,
  describeTarget,
  nativePackages,
  nativeProblems,
  singleTarget
} from './native-targets.mjs'
import { updaterConfigProblems, updaterOutputProblems } from './update-targets.mjs'

const root = join(import.meta.dirname, '..')
const require = createRequire(join(root, 'package.json'))
const asar = require('@electron/asar')
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses')
const { load: loadYaml } = require('js-yaml')
const { DATA_FOLDER_NAME, defaultDataDir } = await tsImport(
  '../src/main/hosts/data-dir.ts',
  import.meta.url
)

const { values: options } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    static: { type: 'boolean', default: false },
    target: { type: 'string', multiple: true, default: [] },
    dist: { type: 'string' }
  }
})
const failures = []
const notes = []
const check = (ok, message) => {
  if (!ok) failures.push(message)
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const config = loadYaml(readFileSync(join(root, 'electron-builder.yml'), 'utf8'))
const HOST = { platform: process.platform, arch: process.arch }
// A sample feed for the packaging run; a real build sets its own (docs/packaging.md).
const SAMPLE_FEED = 'https://updates.studbook.invalid/feed'
// The app archive's budget (issue #29): 5 MB, measured as the file's size in bytes.
const ASAR_BUDGET_BYTES = 5_000_000

// ---- Part 1: the configuration, for every target ----

// Identity: one name for the product, its menus, its data folder and its desktop entry.
check(
  pkg.productName === 'Studbook',
  `package.json productName is ${pkg.productName}, not Studbook`
)
check(
  config.productName === pkg.productName,
  'electron-builder productName differs from package.json'
)
check(
  pkg.productName === DATA_FOLDER_NAME,
  `the data folder is named ${DATA_FOLDER_NAME}, the product ${pkg.productName}: Electron's userData would differ from the browser host's`
)
for (const [platform, env] of [
  ['linux', { XDG_CONFIG_HOME: '/home/u/.config' }],
  ['darwin', {}],
  ['win32', { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }]
]) {
  const dir = defaultDataDir(env, platform)
  check(
    dir.endsWith(`/${pkg.productName}`) || dir.endsWith(`\\${pkg.productName}`),
    `data folder on ${platform} is ${dir}, not named ${pkg.productName}`
  )
}
check(
  pkg.desktopName === `${config.executableName}.desktop`,
  `package.json desktopName is ${pkg.desktopName}, expected ${config.executableName}.desktop (the window's app_id and the launcher must agree)`
)
check(config.linux?.syncDesktopName === true, 'linux.syncDesktopName must be true')

// Asar integrity: the app is one archive, validated by Electron and loaded from nowhere else.
check(config.asar === true, 'asar must be on')
check(
  config.electronFuses?.enableEmbeddedAsarIntegrityValidation === true &&
    config.electronFuses?.onlyLoadAppFromAsar === true,
  'asar integrity fuses (enableEmbeddedAsarIntegrityValidation, onlyLoadAppFromAsar) must be on'
)

// Updates: a generic feed whose URL the build supplies, one folder per platform and architecture.
const publish = config.publish
check(publish?.provider === 'generic', 'publish must use the generic provider')
check(
  typeof publish?.url === 'string' &&
    publish.url.includes('${env.STUDBOOK_UPDATE_URL}') &&
    publish.url.includes('${os}') &&
    publish.url.includes('${arch}'),
  'publish.url must be ${env.STUDBOOK_UPDATE_URL} with ${os} and ${arch} folders'
)
check(pkg.dependencies?.['electron-updater'] !== undefined, 'electron-updater must be a dependency')
checkUpdaterNeeds()

/**
 * What each target's updater needs (scripts/update-targets.mjs): the Mac zip, NSIS on Windows and
 * the AppImage on Linux, each with its latest*.yml; in the configuration, and in the built output
 * (dist/, or --dist) when it holds installers of this version.
 */
function checkUpdaterNeeds() {
  failures.push(...updaterConfigProblems(config))
  const dir = options.dist ?? join(root, config.directories?.output ?? 'dist')
  const built = updaterOutputProblems(dir, config, pkg.version)
  failures.push(...built.problems)
  if (!built.checked)
    notes.push(
      `no installers of ${pkg.version} in ${dir}: only the configuration was checked for updates`
    )
}

// Installers: one per platform and architecture.
check(
  config.nsis?.buildUniversalInstaller === false,
  'nsis.buildUniversalInstaller must be false (otherwise a third installer carries both architectures)'
)
for (const key of ['nsis', 'dmg', 'appImage']) {
  check(
    String(config[key]?.artifactName ?? '').includes('${arch}'),
    `${key}.artifactName must name the architecture`
  )
}

// Native binaries per target, read from each header.
const packages = nativePackages()
const targets = configuredTargets(config)
const wanted = options.target.map((t) => {
  const [platform, arch] = t.split('-')
  return { platform, arch }
})
for (const t of wanted) {
  check(
    targets.some((c) => c.platform === t.platform && c.arch === t.arch),
    `--target ${t.platform}-${t.arch} is not a configured target`
  )
}
for (const target of targets) {
  const carried = carriedFor(config, target, packages)
  const strict =
    wanted.some((t) => t.platform === target.platform && t.arch === target.arch) ||
    (target.platform === HOST.platform && target.arch === HOST.arch)
  for (const [name, files] of carried) {
    const problems = nativeProblems(new Map([[name, files]]), target)
    // A package with one binary (keytar) holds whatever was staged on this machine; the target's own
    // is staged on its build machine, where --target and the afterPack hook hold it to this check.
    const staged = singleTarget(packages.get(name) ?? [])
    if (problems.length === 0 || strict || !staged) failures.push(...problems)
    else notes.push(`${name} for ${describeTarget(target)}: staged on its build machine`)
  }
}

if (options.static) finish()

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

// ---- Part 2: a Linux x64 directory package against a stub Electron ----

if (!options['skip-build']) run('npx', ['electron-vite', 'build'])
check(existsSync(join(root, 'out/main/index.js')), 'out/main/index.js is missing: build first')

const work = mkdtempSync(join(tmpdir(), 'studbook-package-'))
// Removed however the script ends (a failed electron-builder run exits early), unless --keep.
process.on('exit', () => {
  if (options.keep) console.log(`package:check: kept ${work}`)
  else rmSync(work, { recursive: true, force: true })
})
const dist = join(work, 'electron-dist')
const output = join(work, 'dist')
stubElectronDist(dist)
// Never let a stray nodedir or download mirror steer a rebuild; nothing may be fetched.
Object.assign(process.env, {
  npm_config_nodedir: '',
  ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
  STUDBOOK_UPDATE_URL: SAMPLE_FEED
})
const { build, Platform, Arch } = require('electron-builder')
const { LinuxTargetHelper } = require('app-builder-lib/out/targets/LinuxTargetHelper')
const { default: configuredAfterPack } = await import('./after-pack.mjs')
let desktopEntry = ''
let mimeInfo = ''
try {
  await build({
    projectDir: root,
    targets: Platform.LINUX.createTarget(['dir'], Arch.x64),
    publish: 'never',
    config: {
      npmRebuild: false,
      electronDist: dist,
      directories: { output },
      // The configured hook (native binaries), then the .desktop entry the deb and AppImage targets
      // would write, generated by electron-builder from this configuration.
      afterPack: async (context) => {
        await configuredAfterPack(context)
        const linux = context.packager.platformSpecificBuildOptions
        const helper = new LinuxTargetHelper(context.packager)
        desktopEntry = await helper.computeDesktopEntry({ ...linux, ...config.deb })
        // The shared-mime-info file the deb and AppImage install for the file association.
        const mimeFile = await helper.mimeTypeFiles
        mimeInfo = mimeFile === null ? '' : readFileSync(mimeFile, 'utf8')
      }
    }
  })
} catch (error) {
  failures.push(`electron-builder failed: ${error.message}`)
  finish()
}

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

// 4. Native modules: unpacked, and only Linux x64 binaries (the afterPack hook's check, re-run).
const natives = files.filter(([p]) => p.endsWith('.node'))
check(natives.length > 0, 'no native modules found in the package')
for (const [p, { unpacked }] of natives) {
  check(unpacked, `${p} is packed inside the asar (must be unpacked)`)
  check(
    existsSync(join(resources, 'app.asar.unpacked', p)),
    `${p} is missing from app.asar.unpacked`
  )
}
failures.push(...checkPackagedNatives(resources, { platform: 'linux', arch: 'x64' }))
check(
  natives
    .map(([p]) => p)
    .filter((p) => p.startsWith('node_modules/better-sqlite3/'))
    .join() === 'node_modules/better-sqlite3/prebuilds/linux-x64.node',
  `better-sqlite3 must ship its linux-x64 prebuild only, not ${natives.map(([p]) => p).join(', ')}`
)

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
const exe = join(unpackedApp, config.executableName)
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

// 8. The packaged identity: Electron reads productName and desktopName from the packaged
// package.json (menus, userData folder, the window's app_id).
if (paths.includes('package.json')) {
  const packaged = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8'))
  check(packaged.productName === pkg.productName, 'the packaged package.json lacks productName')
  check(packaged.desktopName === pkg.desktopName, 'the packaged package.json lacks desktopName')
  // app.getVersion() reads it: the version shown everywhere (About, Settings, updates).
  check(packaged.version === pkg.version, `the packaged version is ${packaged.version}`)
}

// 9. The .desktop entry, as electron-builder generates it for the deb and the AppImage.
const entry = Object.fromEntries(
  desktopEntry
    .split('\n')
    .filter((line) => line.includes('='))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
)
const wmClass = pkg.desktopName.replace(/\.desktop$/, '')
for (const [key, value] of Object.entries({
  Type: 'Application',
  Name: pkg.productName,
  Icon: config.executableName,
  StartupWMClass: wmClass,
  Terminal: 'false',
  Categories: `${config.linux.category};`
})) {
  check(entry[key] === value, `.desktop ${key} is ${entry[key]}, expected ${value}`)
}
check(
  entry.Exec === `/opt/${pkg.productName}/${config.executableName} %U`,
  `.desktop Exec is ${entry.Exec}`
)
check(Boolean(entry.Comment), '.desktop entry has no Comment')
checkDesktopConventions(entry, mimeInfo)

/** The desktop's conventions: a backup opens Studbook, and the launcher can be found by use. */
function checkDesktopConventions(entry, mimeInfo) {
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
}

// 10. The update feed electron-updater will read, written by electron-builder from `publish`.
const updateFile = join(resources, 'app-update.yml')
if (existsSync(updateFile)) {
  const feed = loadYaml(readFileSync(updateFile, 'utf8'))
  check(feed.provider === 'generic', `app-update.yml provider is ${feed.provider}`)
  check(feed.url === `${SAMPLE_FEED}/linux/x64`, `app-update.yml url is ${feed.url}`)
} else check(false, 'resources/app-update.yml was not produced')

if (existsSync(archive)) checkAsarBudget(statSync(archive).size)

/**
 * The app archive stays within its budget: pure-JS libraries are bundled into the build (tree-shaken,
 * one copy) rather than shipped as node_modules packages carrying several builds each.
 */
function checkAsarBudget(size) {
  const mb = (size / 1e6).toFixed(2)
  console.log(`package:check: app.asar is ${mb} MB (budget ${ASAR_BUDGET_BYTES / 1e6} MB)`)
  check(
    size <= ASAR_BUDGET_BYTES,
    `app.asar is ${mb} MB, over its ${ASAR_BUDGET_BYTES / 1e6} MB budget (docs/packaging.md)`
  )
}

if (existsSync(archive)) checkThirdPartyNotices(archive, paths, shipped)

/**
 * The third-party notices (scripts/third-party-notices.mjs, shown under Help › Third-Party
 * Licenses) ship in the renderer build and name every package whose code the app carries: each
 * package shipped in node_modules, each one the main and preload builds bundle (rolldown heads every
 * bundled module with a `// node_modules/<package>/…` line), and each one the renderer's and shared
 * sources import (the renderer build is minified, so its modules are found from the sources).
 */
function checkThirdPartyNotices(archive, paths, shipped) {
  const file = `out/renderer/${NOTICES_FILE}`
  if (!paths.includes(file)) {
    check(false, `asar lacks ${file}: the third-party notices were not generated`)
    return
  }
  let packages
  try {
    packages = JSON.parse(asar.extractFile(archive, file).toString('utf8')).packages
  } catch (error) {
    check(false, `${file} is unreadable: ${error.message}`)
    return
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

finish(existsSync(archive) ? { paths, natives, shipped, size: statSync(archive).size } : null)

function finish(built = null) {
  for (const n of notes) console.log(`package:check: note: ${n}`)
  if (built !== null) {
    console.log(
      `package:check: ${built.paths.length} files in app.asar (${(built.size / 1e6).toFixed(1)} MB), ${built.natives.length} native modules unpacked, ${built.shipped.size} packages`
    )
  }
  console.log(
    `package:check: ${targets.length} targets checked: ${targets.map((t) => describeTarget(t)).join(', ')}`
  )
  if (failures.length > 0) {
    for (const f of failures) console.error(`  ✗ ${f}`)
    process.exit(1)
  }
  console.log('package:check: OK')
  process.exit(0)
}
