import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import type { Plugin } from 'esbuild'

/**
 * Each source file's own `import.meta.url` and `import.meta.dirname`, written into the bundle: a
 * CommonJS bundle has no import.meta, and the app finds its workers (a restore's, a bulk edit's)
 * beside its own file. Under vitest a child inherits STUDBOOK_WORKER_BUNDLES and starts the suite's
 * bundled workers instead (src/shared/worker-script.ts); with it empty, the sources through tsx.
 */
const ownImportMeta: Plugin = {
  name: 'own-import-meta',
  setup(b) {
    b.onLoad({ filter: /\/src\/.*\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path))),
      loader: 'ts'
    }))
  }
}

/**
 * Children for the kill -9 tests: one bundled file each (the child starts in milliseconds instead
 * of transpiling on every spawn), run under this Node with the project's native modules.
 */
export async function bundleChild(dir: string, entry: string): Promise<string> {
  const out = join(dir, entry.replace(/\.ts$/, '.cjs'))
  await build({
    entryPoints: [join(import.meta.dirname, entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    outfile: out,
    external: ['better-sqlite3', 'keytar'],
    plugins: [ownImportMeta],
    logLevel: 'error'
  })
  return out
}

export interface ChildRun {
  readonly lines: readonly string[]
  readonly signal: NodeJS.Signals | null
  readonly code: number | null
  readonly stderr: string
}

/** Runs a bundled child to its end (or its kill); `onLine` may kill it. */
export function runChild(
  bundle: string,
  args: readonly string[],
  onLine: (line: string, kill: () => void) => void = () => undefined,
  env: Readonly<Record<string, string>> = {}
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [bundle, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The bundle lives in a temp dir; its native dependency resolves from the project.
      env: { ...process.env, ...env, NODE_PATH: join(import.meta.dirname, '../../node_modules') }
    })
    const lines: string[] = []
    let buffer = ''
    let stderr = ''
    const kill = (): void => {
      p.kill('SIGKILL')
    }
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    p.stdout.on('data', (d: Buffer) => {
      buffer += d.toString()
      let nl: number
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        lines.push(line)
        onLine(line, kill)
      }
    })
    p.on('error', reject)
    p.on('exit', (code, signal) => {
      resolve({ lines, signal, code, stderr })
    })
  })
}
