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
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { checkPackagedNatives } from './after-pack.mjs'
import { ELECTRON_V8_SWITCH } from './host-launch.mjs'
import { describeTarget } from './native-targets.mjs'
import { configurationProblems } from './package-config.mjs'
import {
  asarFiles,
  desktopConventionProblems,
  desktopEntryFields,
  filesUnder,
  noticeProblems,
  productionClosure,
  stubElectronDist
} from './package-contents.mjs'

const root = join(import.meta.dirname, '..')
const require = createRequire(join(root, 'package.json'))
const asar = require('@electron/asar')
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses')
const { load: loadYaml } = require('js-yaml')

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
// A sample feed for the packaging run; a real build sets its own (docs/packaging.md).
const SAMPLE_FEED = 'https://updates.studbook.invalid/feed'
// The app archive's budget (issue #29): 5 MB, measured as the file's size in bytes.
const ASAR_BUDGET_BYTES = 5_000_000

// ---- Part 1: the configuration, for every target (scripts/package-config.mjs) ----

const {
  problems: configProblems,
  notes: configNotes,
  targets
} = await configurationProblems({
  pkg,
  config,
  options
})
failures.push(...configProblems)
notes.push(...configNotes)

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
const entry = desktopEntryFields(desktopEntry)
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
  // The host's V8 flags, which Electron's main process reads only from its command line.
  entry.Exec === `/opt/${pkg.productName}/${config.executableName} ${ELECTRON_V8_SWITCH} %U`,
  `.desktop Exec is ${entry.Exec}`
)
check(Boolean(entry.Comment), '.desktop entry has no Comment')
failures.push(...desktopConventionProblems(config, entry, mimeInfo))

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

if (existsSync(archive)) failures.push(...noticeProblems(archive, paths, shipped))

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
