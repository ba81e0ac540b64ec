import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { join } from 'node:path'

export const ROOT = join(__dirname, '../..')

export interface Spawned {
  readonly child: ChildProcess
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string
  /** Resolves with the output once `pattern` appears, or rejects when the process exits first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>
  /** Resolves with the exit code. */
  exited: Promise<number | null>
  stop(): Promise<void>
}

/** Runs a TypeScript entry from the sources, as `tsx` would, with the environment given. */
export function spawnTs(entry: string, args: string[], env: NodeJS.ProcessEnv = {}): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, entry), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe']
  })
  let text = ''
  const waiters = new Set<() => void>()
  const take = (chunk: Buffer): void => {
    text += chunk.toString('utf8')
    for (const w of waiters) w()
  }
  child.stdout.on('data', take)
  child.stderr.on('data', take)
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      resolve(code)
      for (const w of waiters) w()
    })
  })
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const m = pattern.exec(text)
          if (m) {
            waiters.delete(check)
            resolve(m)
          } else if (child.exitCode !== null || child.signalCode !== null) {
            waiters.delete(check)
            reject(new Error(`exited before ${String(pattern)}:\n${text}`))
          }
        }
        waiters.add(check)
        check()
      })
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin.end()
        child.kill('SIGTERM')
      }
      await exited
    }
  }
}
