import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { WAIT_MS } from '../limits'

export interface Started {
  readonly child: ChildProcess
  /** The first match of `pattern` in the child's stdout. */
  readonly match: RegExpExecArray
  readonly output: () => string
}

/** Starts a process and resolves once its stdout shows `pattern`; rejects if it exits first. */
export function startProcess(
  command: string,
  args: readonly string[],
  pattern: RegExp,
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }
): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let out = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${command} ${args.join(' ')} did not start in time:\n${out}`))
    }, options.timeoutMs ?? WAIT_MS)
    const onData = (chunk: Buffer): void => {
      out += chunk.toString('utf8')
      const match = pattern.exec(out)
      if (match) {
        clearTimeout(timer)
        resolve({ child, match, output: () => out })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8')
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${command} exited with ${String(code)} before it was ready:\n${out}`))
    })
  })
}

/** SIGTERM, then SIGKILL if the process is still there after a grace period. */
export async function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve()
    })
  )
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}
