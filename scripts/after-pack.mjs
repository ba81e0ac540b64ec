// electron-builder afterPack hook: runs once per platform and architecture, after the app is laid out
// and before any installer is made from it. A package whose native binaries do not all fit its
// target (a keytar.node staged for another machine, a missing prebuild) stops the build here rather
// than shipping an app that cannot keep sign-ins or open its database.
import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import { describeTarget, nativePackages, nativeProblems } from './native-targets.mjs'

const require = createRequire(import.meta.url)
// electron-builder's Arch enum, by value.
const ARCH_NAMES = ['ia32', 'x64', 'armv7l', 'arm64', 'universal']
const OS_OF = { darwin: 'mac', mas: 'mac', win32: 'win', linux: 'linux' }

/** Every `.node` in the package: unpacked on disk, or (wrongly) packed inside app.asar. */
function packagedNatives(resources) {
  const unpacked = join(resources, 'app.asar.unpacked')
  const onDisk = existsSync(unpacked)
    ? readdirSync(unpacked, { recursive: true })
        .map(String)
        .filter((p) => p.endsWith('.node'))
        .map((p) => join(unpacked, p))
    : []
  const archive = join(resources, 'app.asar')
  const packed = []
  if (existsSync(archive)) {
    const { header } = require('@electron/asar').getRawHeader(archive)
    const walk = (node, prefix) => {
      for (const [name, entry] of Object.entries(node.files ?? {})) {
        const path = `${prefix}/${name}`
        if (entry.files) walk(entry, path)
        else if (name.endsWith('.node') && entry.unpacked !== true) packed.push(`app.asar${path}`)
      }
    }
    walk(header, '')
  }
  return { onDisk, packed, unpacked }
}

/** The check itself, separate from electron-builder's context so package:check can call it too. */
export function checkPackagedNatives(resources, target) {
  const { onDisk, packed, unpacked } = packagedNatives(resources)
  const problems = packed.map(
    (p) => `${p} is packed inside app.asar (native modules must be unpacked)`
  )
  const carried = new Map()
  for (const name of nativePackages().keys()) {
    const prefix = join(unpacked, 'node_modules', name) + sep
    carried.set(
      name,
      onDisk.filter((f) => f.startsWith(prefix))
    )
  }
  problems.push(...nativeProblems(carried, target, (f) => relative(resources, f)))
  return problems
}

export default async function afterPack(context) {
  const platform = context.electronPlatformName === 'mas' ? 'darwin' : context.electronPlatformName
  const target = { os: OS_OF[platform], platform, arch: ARCH_NAMES[context.arch] }
  const resources = context.packager.getResourcesDir(context.appOutDir)
  const problems = checkPackagedNatives(resources, target)
  if (problems.length > 0) {
    throw new Error(
      `The ${describeTarget(target)} package carries native binaries that cannot load there:\n` +
        problems.map((p) => `  - ${p}`).join('\n') +
        `\nBuild each installer on its own OS, one architecture per run, after staging keytar for it: ` +
        `node scripts/stage-native.mjs --target ${platform}-${target.arch} (docs/packaging.md).`
    )
  }
}
