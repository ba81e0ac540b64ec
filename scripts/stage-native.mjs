// node scripts/stage-native.mjs --target <platform>-<arch>
// Puts the target's keytar binary into node_modules/keytar/build/Release before that target is
// packaged: keytar holds one binary, built or fetched for the machine that ran `npm ci`. This fetches
// keytar's own N-API prebuild for the target from its GitHub releases (internet access needed),
// then reads the header of what arrived, so a wrong or missing binary stops here, not in a user's
// hands. better-sqlite3 needs no staging: it ships every target's prebuild and the `files` filter
// keeps the right one.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { tsImport } from 'tsx/esm/api'

const require = createRequire(import.meta.url)
const { nativeMismatch, readNativeHeader, describeTarget } = await tsImport(
  '../src/main/credentials/native-binary.ts',
  import.meta.url
)

const { values } = parseArgs({ options: { target: { type: 'string' } } })
const [platform, arch] = (values.target ?? '').split('-')
if (!['linux', 'darwin', 'win32'].includes(platform) || !['x64', 'arm64'].includes(arch)) {
  console.error('usage: node scripts/stage-native.mjs --target <linux|darwin|win32>-<x64|arm64>')
  process.exit(2)
}
const target = { platform, arch }

const keytarDir = dirname(require.resolve('keytar/package.json'))
const napi = require('keytar/package.json').binary.napi_versions.at(-1)
const prebuildInstall = join(dirname(require.resolve('prebuild-install/package.json')), 'bin.js')
const args = [
  prebuildInstall,
  '--runtime',
  'napi',
  '--target',
  String(napi),
  '--platform',
  platform,
  '--arch',
  arch,
  '--force',
  '--verbose'
]
console.log(`stage-native: fetching keytar for ${describeTarget(target)} (N-API ${napi})`)
const result = spawnSync(process.execPath, args, { cwd: keytarDir, stdio: 'inherit' })
if (result.status !== 0) {
  console.error(
    `stage-native: keytar's prebuild for ${describeTarget(target)} could not be fetched. ` +
      'Needs internet access to github.com; or run `npm ci` on a machine of that platform and ' +
      'architecture, which builds keytar from source (docs/packaging.md).'
  )
  process.exit(1)
}

const binary = join(keytarDir, 'build', 'Release', 'keytar.node')
const why = existsSync(binary)
  ? nativeMismatch(readNativeHeader(binary), target)
  : 'no keytar.node arrived'
if (why !== null) {
  console.error(`stage-native: keytar.node for ${describeTarget(target)}: ${why}`)
  process.exit(1)
}
console.log(`stage-native: keytar.node is ready for ${describeTarget(target)}`)
