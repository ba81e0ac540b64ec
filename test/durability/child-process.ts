import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { buildSync } from 'esbuild'

/**
 * Children for the kill -9 tests: one bundled file each (the child starts in milliseconds instead
 * of transpiling on every spawn), run under this Node with the project's native modules.
 */
export function bundleChild(dir: string, entry: string): string {
  const out = join(dir, entry.replace(/\.ts$/, '.cjs'))
  buildSync({
    entryPoints: [join(import.meta.dirname, entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    outfile: out,
    external: ['better-sqlite3', 'keytar'],
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
