#!/usr/bin/env node
// `npm start`: the Electron app where an Electron binary can run, otherwise the browser host.
// `npm run serve` (--browser): always the browser host. Extra arguments go to the host
// (e.g. `npm run serve -- --port 8080 --data-dir /tmp/studbook`).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ELECTRON_V8_SWITCH, HOST_V8_FLAGS, hostEnv } from './host-launch.mjs'

// Before anything else: on an older Node the build runs, then the database module crashes the
// host without a word. One line saying what to install beats both.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Studbook needs Node 22.12 or newer; this is Node ${process.versions.node} (see "Requirements" in README.md).`
  )
  process.exit(1)
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const browserOnly = args.includes('--browser')
const hostArgs = args.filter((a) => a !== '--browser' && a !== '--')

function newest(dir) {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs)
  }
  return latest
}

function ensureBuilt() {
  const marker = join(root, 'out/main/web.js')
  const stale = !existsSync(marker) || newest(join(root, 'src')) > statSync(marker).mtimeMs
  if (!stale) return
  console.log('Building Studbook…')
  const bin = join(root, 'node_modules/.bin/electron-vite')
  const result = spawnSync(bin, ['build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.')
    process.exit(result.status ?? 1)
  }
}

/** The Electron binary, without triggering electron's lazy download on `require`. */
function electronBinary() {
  const pkg = join(root, 'node_modules/electron')
  const pathFile = join(pkg, 'path.txt')
  if (!existsSync(pathFile)) return null
  const binary = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : null
}

function hasDisplay() {
  if (process.platform !== 'linux') return true
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY)
}

function tryInstallElectron() {
  // Electron ≥ 42 fetches its binary on first use; do it here, once, with a clear bound.
  const installer = join(root, 'node_modules/electron/install.js')
  if (!existsSync(installer)) return null
  console.log('Fetching the Electron runtime (first start only)…')
  spawnSync(process.execPath, [installer], { cwd: root, stdio: 'inherit', timeout: 120_000 })
  return electronBinary()
}

function runBrowserHost(reason) {
  if (reason) console.log(reason)
  // The host opens the browser itself, on a private page: a URL handed to an opener here would
  // put the token in a command line every user of the machine can read.
  const open = !process.env.CI && !process.env.STUDBOOK_NO_OPEN && hasDisplay() ? ['--open'] : []
  const child = spawn(
    process.execPath,
    [...HOST_V8_FLAGS, join(root, 'out/main/web.js'), ...open, ...hostArgs],
    {
      cwd: root,
      env: hostEnv(process.env),
      stdio: 'inherit'
    }
  )
  const forward = (signal) => child.kill(signal)
  process.on('SIGINT', forward)
  process.on('SIGTERM', forward)
  child.on('exit', exitLike('The browser host'))
}

/** A child killed by a signal (a crash) is a failure, said so, never an exit code of 0. */
function exitLike(what) {
  return (code, signal) => {
    if (signal && signal !== 'SIGINT' && signal !== 'SIGTERM') {
      console.error(`${what} stopped unexpectedly (${signal}).`)
      process.exit(1)
    }
    process.exit(code ?? 0)
  }
}

ensureBuilt()
if (browserOnly) {
  runBrowserHost()
} else {
  let binary = electronBinary()
  if (!binary && hasDisplay()) binary = tryInstallElectron()
  if (binary && hasDisplay()) {
    const child = spawn(binary, [ELECTRON_V8_SWITCH, root, ...hostArgs], {
      cwd: root,
      env: hostEnv(process.env),
      stdio: 'inherit'
    })
    child.on('exit', exitLike('Studbook'))
  } else {
    runBrowserHost(
      hasDisplay()
        ? 'No Electron runtime could be installed on this machine, so Studbook opens in your browser instead.'
        : 'No display is available for a desktop window here, so Studbook runs as a browser host instead.'
    )
  }
}
