import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { context } from 'esbuild'
import { z } from 'zod'
import type { TestProject } from 'vitest/node'
import { processAlive } from '../src/main/hosts/instance-lock'
import { WORKER_BUNDLES_VAR } from '../src/shared/worker-script'

/**
 * Vitest's global set-up: every worker thread's script (`src/**\/*-worker.ts`) bundled once per run,
 * the folder named in STUDBOOK_WORKER_BUNDLES for the test files and the processes they start
 * (src/shared/worker-script.ts).
 *
 * Run through tsx, a set writer took 1.2 s to open its database (a loader thread, then every
 * module transformed), and a first sync starts three workers: the node suite spent about a third
 * of its time waiting for them. Bundled, it takes about 0.2 s, and a bundle is what a build ships:
 * one file per worker, packages left to node_modules. In watch mode the bundles follow every
 * change to the sources. STUDBOOK_WORKER_BUNDLES set beforehand (empty: the sources through tsx)
 * is left as it is.
 */
const ROOT = join(__dirname, '..')

function workerEntries(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('-worker.ts'))
    .map((e) => join(e.parentPath, e.name))
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The packages the app ships as packages (package.json's dependencies), not bundled. */
function shippedPackages(): string[] {
  const pkg = z.object({ dependencies: z.record(z.string(), z.string()) })
  return Object.keys(
    pkg.parse(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))).dependencies
  )
}

/**
 * The run folders in `parent` that no run will remove: a run removes its own when it ends, but a
 * run killed (Ctrl+C twice, a CI timeout, kill -9) leaves its folder, and they piled up. A folder
 * is named for its run's process (`run-<pid>-…`), so one of a run still going is kept; one named
 * before that scheme, without a pid, goes once it is a day old.
 */
export function staleRunFolders(
  parent: string,
  isAlive: (pid: number) => boolean = processAlive,
  now = Date.now()
): string[] {
  return readdirSync(parent)
    .filter((name) => {
      const pid = /^run-(\d+)-/.exec(name)?.[1]
      if (pid !== undefined) return !isAlive(Number(pid))
      return name.startsWith('run-') && now - statSync(join(parent, name)).mtimeMs > DAY_MS
    })
    .map((name) => join(parent, name))
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env[WORKER_BUNDLES_VAR] !== undefined) return () => Promise.resolve()
  // Inside node_modules, so the bundles' imports of packages resolve as the sources' do.
  const parent = join(ROOT, 'node_modules', '.cache', 'studbook-workers')
  mkdirSync(parent, { recursive: true })
  for (const stale of staleRunFolders(parent)) rmSync(stale, { recursive: true, force: true })
  const out = mkdtempSync(join(parent, `run-${String(process.pid)}-`))
  const entries = Object.fromEntries(
    workerEntries(join(ROOT, 'src')).map((file) => [basename(file, '.ts'), file])
  )
  const bundles = await context({
    entryPoints: entries,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // As the shipped build (electron.vite.config.ts): only package.json's dependencies (the
    // native modules, the updater) stay packages; the pure-JS ones are bundled in. zod loaded as
    // a package cost each worker's start about 100 ms of CPU (its every module and locale), and
    // the node suite starts about 900 workers.
    external: [...shippedPackages(), 'electron'],
    outdir: out,
    outExtension: { '.js': '.mjs' },
    // Inline source maps made each start several times slower; a stack names the bundle's line.
    // To debug a worker in its sources, run with STUDBOOK_WORKER_BUNDLES= (empty: through tsx).
    logLevel: 'warning'
  })
  await bundles.rebuild()
  if (project.vitest.config.watch) await bundles.watch()
  process.env[WORKER_BUNDLES_VAR] = `${pathToFileURL(out).href}/`
  return async () => {
    await bundles.dispose()
    rmSync(out, { recursive: true, force: true })
  }
}
