import { describe, expect, it } from 'vitest'
import { decodeResponse } from '../../src/main/service/decode-response'
import { thrownCode } from './error-codes'

/**
 * checkKey's success text is recorded as exactly `OK`; a deployment that pads it or changes its
 * case still said yes. Anything else is not taken as a yes.
 */
const PROD_NS = 'https://brickset.com/api/'
const answer = (text: string): unknown =>
  decodeResponse({
    service: 'v2',
    operation: 'checkKey',
    binding: 'httpPost',
    namespace: PROD_NS,
    status: 200,
    contentType: 'text/xml; charset=utf-8',
    body: `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="${PROD_NS}">${text}</string>`
  })

describe('checkKey', () => {
  it.each(['OK', ' OK', 'OK\r\n', 'ok', 'Ok '])('accepts %j', (text) => {
    expect(() => answer(text)).not.toThrow()
  })

  it.each([
    ['INVALIDKEY', 'invalid_key'],
    ['NOT OK', 'service_error'],
    ['', 'service_error']
  ])('refuses %j as %s', (text, code) => {
    // Anything but an AppError is rethrown, failing the case.
    expect(thrownCode(() => answer(text))).toBe(code)
  })
})
