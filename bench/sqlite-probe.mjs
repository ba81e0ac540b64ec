/**
 * What the host probes (stall-attribution.mjs, stall-word-index.mjs) share: each is one file that
 * is either loaded into a host with NODE_OPTIONS=--import (and then wraps better-sqlite3's calls
 * on the main thread) or run with node to read back what a host wrote. Plain JS, so NODE_OPTIONS
 * can load it before tsx.
 */
import { createRequire } from 'node:module'
import { isMainThread } from 'node:worker_threads'

/**
 * better-sqlite3's Database class and its statements' prototype (taken from a scratch in-memory
 * database), resolved from the project as the host resolves it; null where it cannot be loaded.
 */
export function sqliteClasses() {
  const require = createRequire(new URL('../package.json', import.meta.url))
  let Database
  try {
    Database = require('better-sqlite3')
  } catch {
    return null
  }
  const scratch = new Database(':memory:')
  const statement = Object.getPrototypeOf(scratch.prepare('SELECT 1'))
  scratch.close()
  return { Database, statement }
}

/**
 * Run as `node bench/<probe>.mjs ARGS…` (the probe's module `url` is the script): `read(args)`.
 * Loaded into a host instead: `probe(out)` on its main thread, when `out` (the probe's output
 * variable) is set.
 */
export function readOrProbe(url, out, read, probe) {
  if (process.argv[1] !== undefined && url.endsWith(process.argv[1].split('/').pop())) {
    read(process.argv.slice(2))
  } else if (out !== undefined && out !== '' && isMainThread) {
    probe(out)
  }
}
