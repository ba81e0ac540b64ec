// Part 1 of package:check (scripts/package-check.mjs): the configuration, for every configured
// platform and architecture: the product name, data folder and .desktop identity, asar integrity,
// the update feed, one installer per architecture, and the native binaries each target would carry
// (read from each `.node` header). Returns what is wrong, notes, and the targets it checked.
import { join } from 'node:path'
import { tsImport } from 'tsx/esm/api'
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
const HOST = { platform: process.platform, arch: process.arch }

/** `options`: package:check's own (`target`, `dist`). */
export async function configurationProblems({ pkg, config, options }) {
  const { DATA_FOLDER_NAME, defaultDataDir } = await tsImport(
    '../src/main/hosts/data-dir.ts',
    import.meta.url
  )
  const failures = []
  const notes = []
  const check = (ok, message) => {
    if (!ok) failures.push(message)
  }

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
  check(
    pkg.dependencies?.['electron-updater'] !== undefined,
    'electron-updater must be a dependency'
  )
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

  return { problems: failures, notes, targets }
}
