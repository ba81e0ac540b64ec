import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// docs/protocol.md: every **[prod]** claim points at a recorded byte. The syntax, stated at the top
// of the doc: on the same line as the marker, one or more `(rec: <path> `<excerpt>`)`, the path
// relative to test/fixtures/production/ and the excerpt text found verbatim in that file. The
// legend above the first numbered section is not a claim and is not checked.

const ROOT = join(__dirname, '..', '..')
const FIXTURES = join(ROOT, 'test', 'fixtures', 'production')
const REC = /\(rec: ([^\s`()]+) `([^`]+)`\)/g

interface Claim {
  readonly line: number
  readonly text: string
}

function claims(doc: string): Claim[] {
  const lines = doc.split('\n')
  const start = lines.findIndex((l) => /^## \d/.test(l))
  return lines
    .map((text, i) => ({ line: i + 1, text }))
    .slice(start)
    .filter((l) => l.text.includes('[prod]'))
}

/** Each problem of the doc's citations, one line each; empty when every claim is backed. */
function citationProblems(doc: string, fixtures: string): string[] {
  const out: string[] = []
  for (const c of claims(doc)) {
    const recs = [...c.text.matchAll(REC)]
    if (recs.length === 0) out.push(`line ${c.line}: [prod] without (rec: file \`excerpt\`)`)
    for (const [, file = '', excerpt = ''] of recs) {
      const path = join(fixtures, file)
      if (file.includes('..') || !existsSync(path)) {
        out.push(`line ${c.line}: no recorded file ${file}`)
      } else if (!readFileSync(path, 'utf8').includes(excerpt)) {
        out.push(`line ${c.line}: ${file} does not hold \`${excerpt}\``)
      }
    }
  }
  return out
}

describe('docs/protocol.md [prod] citations', () => {
  it('every [prod] claim cites an excerpt of a file under test/fixtures/production/', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'protocol.md'), 'utf8')
    expect(claims(doc).length).toBeGreaterThan(5)
    expect(citationProblems(doc, FIXTURES)).toEqual([])
  })
  it('refuses a claim without a citation, a missing file and an excerpt the file lacks', () => {
    const doc = [
      '## 1. x',
      '- a **[prod]** claim alone',
      '- **[prod]** (rec: production-v2/nope.xml `OK`)',
      '- **[prod]** (rec: production-v2/responses/api_key_valid.xml `NOT THERE`)',
      '- **[prod]** (rec: production-v2/responses/api_key_valid.xml `>OK<`)'
    ].join('\n')
    expect(citationProblems(doc, FIXTURES)).toEqual([
      'line 2: [prod] without (rec: file `excerpt`)',
      'line 3: no recorded file production-v2/nope.xml',
      'line 4: production-v2/responses/api_key_valid.xml does not hold `NOT THERE`'
    ])
  })
})
