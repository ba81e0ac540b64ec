// What each platform's updater needs from a build, checked by package:check twice: in the
// configuration it would build from, and in the built output (dist/) when there is one.
// electron-updater replaces the app only from one kind of file per OS, listed in that target's
// feed file (latest*.yml); a release without them can never update itself (on macOS a dmg alone
// fails with "ZIP file not provided").
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { configuredTargets } from './native-targets.mjs'

const require = createRequire(import.meta.url)
const { load: loadYaml } = require('js-yaml')

/** Per OS: the target electron-updater installs from, its file extension, and its config key. */
export const UPDATER_NEEDS = {
  mac: { target: 'zip', ext: '.zip', key: null, installers: ['.dmg', '.zip'] },
  win: { target: 'nsis', ext: '.exe', key: 'nsis', installers: ['.exe'] },
  linux: {
    target: 'AppImage',
    ext: '.AppImage',
    key: 'appImage',
    installers: ['.AppImage', '.deb']
  }
}

/** The feed file electron-builder writes for a target (updateInfoBuilder's naming). */
export function updateFeedFile(os, arch) {
  if (os === 'win') return 'latest.yml'
  if (os === 'mac') return 'latest-mac.yml'
  return arch === 'x64' ? 'latest-linux.yml' : `latest-linux-${arch}.yml`
}

function targetEntries(config, os) {
  return [config[os]?.target ?? []]
    .flat()
    .map((t) =>
      typeof t === 'string'
        ? { target: t, arch: ['x64'] }
        : { target: t.target, arch: [t.arch ?? ['x64']].flat() }
    )
}

/**
 * From the configuration: every configured platform and architecture builds its updater's target,
 * and nothing switches off the feed that writes its latest*.yml.
 */
export function updaterConfigProblems(config) {
  const problems = []
  const feed = config.publish
  if (feed === null || feed === undefined || [feed].flat().length === 0) {
    problems.push('publish is not configured: no latest*.yml is written, so no build can update')
  }
  for (const target of configuredTargets(config)) {
    const need = UPDATER_NEEDS[target.os]
    const builds = targetEntries(config, target.os).some(
      (t) => t.target.toLowerCase() === need.target.toLowerCase() && t.arch.includes(target.arch)
    )
    if (!builds) {
      problems.push(
        `${target.os} ${target.arch} builds no ${need.target}: its updater installs only from one (and its ${updateFeedFile(target.os, target.arch)})`
      )
    }
  }
  for (const os of Object.keys(UPDATER_NEEDS)) {
    const key = UPDATER_NEEDS[os].key
    for (const [where, options] of [
      [os, config[os]],
      [key, key === null ? undefined : config[key]]
    ]) {
      if (options !== undefined && options !== null && 'publish' in options && !options.publish) {
        problems.push(`${where}.publish switches the update feed off: no ${os} latest*.yml`)
      }
    }
  }
  return problems
}

function readFeed(file) {
  try {
    return loadYaml(readFileSync(file, 'utf8'))
  } catch (error) {
    return { unreadable: error.message }
  }
}

/**
 * From the built output in `dir`, when it holds installers of this version: each OS's updater
 * file is there for every architecture built, with a latest*.yml of this version listing it, and
 * every file a latest*.yml lists is there. Returns the problems, and `checked` false when the
 * folder holds nothing of this version to check.
 */
export function updaterOutputProblems(dir, config, version) {
  if (!existsSync(dir)) return { checked: false, problems: [] }
  const names = readdirSync(dir)
  const ofVersion = (n) => n.includes(`-${version}`) || n.includes(`_${version}_`)
  const arches = [...new Set(configuredTargets(config).map((t) => t.arch))]
  // deb and electron-builder's defaults name architectures their own way.
  const ALIASES = { x64: ['x64', 'amd64', 'x86_64'], arm64: ['arm64', 'aarch64'] }
  const archOf = (n) =>
    arches.find((a) =>
      (ALIASES[a] ?? [a]).some((alias) => new RegExp(`[-_.]${alias}[-_.]`).test(n))
    ) ?? null
  const problems = []
  let checked = false
  for (const [os, need] of Object.entries(UPDATER_NEEDS)) {
    const built = names.filter(
      (n) =>
        ofVersion(n) &&
        need.installers.some((ext) => n.endsWith(ext)) &&
        // A mac zip carries "-mac"; any other zip is no mac build.
        (os !== 'mac' || !n.endsWith('.zip') || n.includes('-mac'))
    )
    if (built.length === 0) continue
    checked = true
    for (const arch of new Set(built.map(archOf))) {
      const label = `${os} ${arch ?? '(architecture not in the name)'}`
      const updatable = built.filter((n) => archOf(n) === arch && n.endsWith(need.ext))
      if (updatable.length === 0) {
        problems.push(`${label}: ${dir} holds no ${need.ext} to update from`)
      }
      const feedName = updateFeedFile(os, arch ?? 'x64')
      const feedPath = join(dir, feedName)
      if (!existsSync(feedPath)) {
        problems.push(`${label}: ${feedName} is missing from ${dir}`)
        continue
      }
      const feed = readFeed(feedPath)
      if (feed?.unreadable) {
        problems.push(`${feedName} cannot be read: ${feed.unreadable}`)
        continue
      }
      if (feed?.version !== version) {
        problems.push(`${feedName} is for version ${feed?.version}, not ${version}`)
      }
      const listed = (feed?.files ?? []).map((f) => f?.url).filter((u) => typeof u === 'string')
      if (!listed.some((u) => u.endsWith(need.ext) && updatable.includes(u))) {
        problems.push(
          `${feedName} lists no ${need.ext} of ${label} (it lists ${listed.join(', ')})`
        )
      }
      for (const url of listed) {
        if (!names.includes(url)) problems.push(`${feedName} lists ${url}, which is not in ${dir}`)
      }
      if ((feed?.files ?? []).some((f) => typeof f?.sha512 !== 'string' || f.sha512 === '')) {
        problems.push(`${feedName} lists a file without its sha512`)
      }
    }
  }
  return { checked, problems }
}
