import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * CI shows only the end of `npm test`'s log. Stop 40's CI ended `2807 passed, 1 failed` and the
 * failed test had scrolled out of what it printed, so nobody could say which one it was. The
 * closing summary now names each failed test, with the first line of its message, just above
 * the closing line.
 */
const SCRIPT = join(import.meta.dirname, '../../scripts/summarize.mjs')
let dir = ''

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function summarize(report: object): { status: number | null; lines: string[] } {
  dir = mkdtempSync(join(tmpdir(), 'summarize-'))
  writeFileSync(join(dir, 'steps.tsv'), 'lint\tpass\n')
  writeFileSync(join(dir, 'unit.json'), JSON.stringify(report))
  const r = spawnSync(process.execPath, [SCRIPT, 'steps.tsv', 'unit.json'], {
    cwd: dir,
    encoding: 'utf8'
  })
  return { status: r.status, lines: r.stdout.trim().split('\n') }
}

const passing = { title: 'keeps it', fullName: 'a store keeps it', status: 'passed' }

describe('the closing summary', () => {
  it('names each failed test and why, just above the closing line', () => {
    const r = summarize({
      numTotalTests: 3,
      numPassedTests: 2,
      numFailedTests: 1,
      testResults: [
        {
          name: join(tmpdir(), 'x', 'a.test.ts'),
          status: 'failed',
          assertionResults: [
            passing,
            {
              title: 'counts it',
              fullName: 'a store counts it',
              status: 'failed',
              failureMessages: ['AssertionError: expected 1 to be 2\n    at a.test.ts:9:3']
            }
          ]
        },
        { name: 'b.test.ts', status: 'passed', assertionResults: [passing] }
      ]
    })
    expect(r.status).toBe(1)
    expect(r.lines.at(-1)).toBe('3 passed, 1 failed')
    const named = r.lines.filter((l) => l.startsWith('failed: '))
    expect(named).toHaveLength(1)
    expect(named[0]).toMatch(/a\.test\.ts > a store counts it: AssertionError: expected 1 to be 2$/)
    expect(r.lines.indexOf(named[0] ?? '')).toBe(r.lines.length - 2)
  })

  it('names nothing when every test passed', () => {
    const r = summarize({
      numTotalTests: 1,
      numPassedTests: 1,
      numFailedTests: 0,
      testResults: [{ name: 'b.test.ts', status: 'passed', assertionResults: [passing] }]
    })
    expect(r.status).toBe(0)
    expect(r.lines.filter((l) => l.startsWith('failed'))).toEqual([])
    expect(r.lines.at(-1)).toBe('2 passed, 0 failed')
  })
})
