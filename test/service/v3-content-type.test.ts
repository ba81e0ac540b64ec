import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { decodeResponse } from '../../src/main/service/decode-response'
import type { DecodeInput } from '../../src/main/service/decode-response'
import { createReferenceService } from '../../src/emulator/index'
import { createServiceClient } from '../../src/main/service/index'
import { V3_POST } from '../fixtures/service/build'
import { checkV3SetsAnswer } from '../../src/shared/protocol/v3-set-records'
import type { V3SetsAnswer } from '../../src/shared/protocol/v3-set-records'
import { thrownCode } from './error-codes'

// Production's v3 JSON arrives under whatever Content-Type the server picked (docs/protocol.md §5):
// the client reads the body by its content.

const RECORDED = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/production/production-v3/getSets-sets.json'), 'utf8')
) as unknown[]
const PAGE = { status: 'success', matches: 168, sets: RECORDED }
const BODY = JSON.stringify(PAGE)
// What the decoder answers for it: the page checked and read record by record.
const CHECKED = checkV3SetsAnswer(PAGE)

const TYPES = [
  'application/json; charset=utf-8',
  'text/html; charset=utf-8',
  'text/xml; charset=utf-8',
  'text/plain; charset=utf-8',
  'application/json',
  'text/html'
]

function dec(over: Partial<DecodeInput>): unknown {
  return decodeResponse({ ...V3_POST, body: BODY, ...over })
}

const codeOf = (over: Partial<DecodeInput>): string => thrownCode(() => dec(over))

describe('v3 bodies are read by content, not by Content-Type', () => {
  it.each(TYPES)('reads the recorded getSets page served as %s', (contentType) => {
    const value = dec({ contentType })
    expect(value).toEqual(CHECKED)
    expect(CHECKED.rejected).toEqual([])
    expect((value as V3SetsAnswer).sets).toHaveLength(168)
  })

  it('reads it with no Content-Type at all, and after a byte-order mark', () => {
    expect(dec({ contentType: null })).toEqual(CHECKED)
    expect(dec({ contentType: 'text/html', body: `\uFEFF  ${BODY}\n` })).toEqual(CHECKED)
  })

  it('still reads an in-band refusal served as text/html', () => {
    const body = JSON.stringify({ status: 'error', message: 'Invalid API key' })
    expect(codeOf({ contentType: 'text/html', body })).toBe('invalid_key')
  })

  it('keeps refusing what is not JSON: an HTML page, plain text, broken JSON', () => {
    expect(codeOf({ contentType: 'text/html', body: '<html><body>Oops</body></html>' })).toBe(
      'html_error_page'
    )
    expect(codeOf({ contentType: 'text/plain', body: 'Service Unavailable' })).not.toBe('no error')
    expect(codeOf({ contentType: 'application/json', body: '{"status":' })).toBe('bad_json')
    expect(codeOf({ contentType: 'text/html', body: '{"status":' })).not.toBe('no error')
  })

  it('does not read JSON where the operation answers XML (v2)', () => {
    expect(codeOf({ service: 'v2', contentType: 'text/html' })).not.toBe('no error')
  })

  it.each(TYPES)('a client call returns the page served as %s', async (contentType) => {
    // The reference service answers everything else (the description the client reads first).
    const svc = createReferenceService({ sets: 10 })
    const client = createServiceClient({
      profile: { baseUrl: 'https://catalogue.example' },
      secrets: () => ({ apiKey: svc.demo.apiKey }),
      fetch: (req) =>
        /\/v3\.asmx\/getSets$/i.test(new URL(req.url).pathname)
          ? Promise.resolve(
              new Response(BODY, { status: 200, headers: { 'content-type': contentType } })
            )
          : svc.handle(req)
    })
    const page = await client.v3.getSets({ params: { pageSize: 500 } })
    expect(page?.matches).toBe(168)
    expect(page?.sets).toHaveLength(168)
  })
})
