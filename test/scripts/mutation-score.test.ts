import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { summaryOf } from '../../scripts/mutation-summary.mjs'

const root = join(import.meta.dirname, '../..')
const fixture = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'mutation-summary.json'), 'utf8')
) as Record<string, unknown>
const work = mkdtempSync(join(tmpdir(), 'studbook-mutation-'))

afterAll(() => {
  rmSync(work, { recursive: true, force: true })
})

function put(path: string, text: string): void {
  mkdirSync(dirname(join(work, path)), { recursive: true })
  writeFileSync(join(work, path), text)
}

/** `npm run test:mutation -- --score`, run in the tree at `work`. */
function score(): string[] {
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'mutation.mjs'), '--score'], {
    cwd: work,
    encoding: 'utf8'
  })
  expect(run.stderr).toBe('')
  expect(run.status).toBe(0)
  return run.stdout.trimEnd().split('\n')
}

describe('test:mutation --score, from the committed summaries', () => {
  it('prints each file and folder from docs/mutation/, timeouts apart from kills', () => {
    // The fixture's sourceHash is this text's git blob id: the summary is current.
    put('src/main/collection/outbox-repo.ts', 'export const one = 1\n')
    put('docs/mutation/collection/outbox-repo.json', JSON.stringify(fixture))
    put('src/main/collection/edits.ts', 'export const never = 0\n')
    // Not mutated: an index and a file of types.
    put('src/main/collection/index.ts', 'export {}\n')
    put('src/main/collection/outbox-types.ts', 'export type T = 1\n')
    // Measured, then changed: its summary's hash is another text's.
    put('src/main/sync/runner.ts', 'export const two = 2\n')
    put(
      'docs/mutation/sync/runner.json',
      JSON.stringify({
        ...fixture,
        file: 'src/main/sync/runner.ts',
        mutants: 6,
        killed: 5,
        survived: 0,
        timedOut: 0,
        noCoverage: 0,
        other: 1,
        left: []
      })
    )

    expect(score()).toEqual([
      '  src/main/collection/edits.ts: not measured yet',
      // 12 / (12 + 3 + 4 + 1): were timeouts kills, it would read 80.0 %.
      '  src/main/collection/outbox-repo.ts: 60.0 % of 20 mutants (12 killed, 3 survived, ' +
        '4 timed out, 1 not covered; 01234567 2026-11-26)',
      'collection/: 60.0 % over 1 of 2 files (12 killed, 3 survived, 4 timed out, 1 not covered)',
      '  src/main/sync/runner.ts: 100.0 % of 6 mutants (5 killed, 0 survived, 0 timed out, ' +
        '0 not covered, 1 not scored; 01234567 2026-11-26; changed since)',
      'sync/: 100.0 % over 1 of 1 files (5 killed, 0 survived, 0 timed out, 0 not covered, ' +
        '1 not scored)'
    ])
  })

  it("summarises a Stryker report's entry, a timeout as its own count", () => {
    const at = (line: number) => ({ start: { line, column: 1 }, end: { line, column: 9 } })
    const summary = summaryOf({
      file: 'src/main/sync/runner.ts',
      entry: {
        mutants: [
          { status: 'Killed', mutatorName: 'BooleanLiteral', location: at(1) },
          { status: 'Timeout', mutatorName: 'BlockStatement', location: at(2) },
          { status: 'Survived', mutatorName: 'StringLiteral', location: at(3), replacement: '""' },
          { status: 'NoCoverage', mutatorName: 'BlockStatement', location: at(4) },
          { status: 'CompileError', mutatorName: 'ArrayDeclaration', location: at(5) }
        ]
      },
      source: Buffer.from('export const one = 1\n'),
      commit: 'c0ffee',
      date: '2026-11-26T15:00:00.000Z',
      tool: 'Stryker'
    })
    expect(summary).toMatchObject({
      sourceHash: fixture['sourceHash'],
      mutants: 5,
      killed: 1,
      survived: 1,
      timedOut: 1,
      noCoverage: 1,
      other: 1,
      left: [
        { line: 3, mutator: 'StringLiteral', status: 'Survived', replacement: '""' },
        { line: 4, mutator: 'BlockStatement', status: 'NoCoverage' }
      ]
    })
  })
})
