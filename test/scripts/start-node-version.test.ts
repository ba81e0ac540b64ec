import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Issue #14: under Node 20 `npm start` built, said it would open the browser host, and exited 0
 * with no address (better-sqlite3 crashes there). Now it refuses at once, in one line, and does
 * nothing else. The old Node is played by this one with its reported version changed.
 */
const ROOT = join(import.meta.dirname, '../..')

function startUnder(version: string): { status: number | null; stdout: string; stderr: string } {
  const fake = `Object.defineProperty(process.versions, 'node', { value: '${version}' })`
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      `data:text/javascript,${encodeURIComponent(fake)}`,
      'scripts/start.mjs',
      '--browser'
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, STUDBOOK_NO_OPEN: '1' },
      timeout: 30_000
    }
  )
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe('npm start on an older Node', () => {
  it.each(['20.20.2', '22.11.0', '18.19.1'])(
    'refuses Node %s in one line, before building',
    (v) => {
      const r = startUnder(v)
      expect(r.status).toBe(1)
      expect(r.stdout).toBe('')
      const lines = r.stderr.trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain('Node 22.12 or newer')
      expect(lines[0]).toContain(`Node ${v}`)
    }
  )
})
