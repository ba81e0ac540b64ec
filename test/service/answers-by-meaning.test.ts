import { describe, expect, it } from 'vitest'
import { decodeResponse } from '../../src/main/service/decode-response'
import type { DecodeInput } from '../../src/main/service/decode-response'
import { NS as FAULT_NS, V2_POST, fault11, fault12 } from '../fixtures/service/build'
import type { AppError } from '../../src/shared/errors'
import { thrownError } from './error-codes'

/**
 * The service's in-band answers are recognised by what they say, not by their exact bytes
 * (issue 27): `OK (v2)` is a yes; an error names its kind by the words it contains, whatever their
 * case or trailing text; a v3 status is read whatever its case. What the user is told is the same
 * fixed sentence for every variant of one kind.
 */

const NS = 'https://brickset.com/api/'

const v2 = (operation: string, text: string): unknown =>
  decodeResponse({
    ...V2_POST,
    namespace: NS,
    operation,
    body: `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="${NS}">${text}</string>`
  })

const v3 = (operation: string, value: unknown, status = 200): unknown =>
  decodeResponse({
    service: 'v3',
    operation,
    binding: 'httpPost',
    namespace: NS,
    status,
    contentType: 'text/html; charset=utf-8',
    body: JSON.stringify(value)
  })

/** The one sentence each kind is told with. */
const WORDING = {
  invalid_key: 'The API key was refused.',
  invalid_user_hash: 'The sign-in is no longer valid.',
  invalid_credentials: 'The user name or password is wrong.',
  limit_exceeded: 'The daily allowance of the API key is used up.'
} as const
type Kind = keyof typeof WORDING

describe('v2 acknowledgements', () => {
  it.each(['OK', 'OK (v2)', 'ok (v2)', ' OK (v2)\r\n', 'Ok', 'OK.'])(
    'checkKey %j is a yes',
    (text) => {
      expect(() => v2('checkKey', text)).not.toThrow()
    }
  )

  it.each(['OK (v2)', 'ok'])('a write answered %j is a yes', (text) => {
    expect(() => v2('setCollection_owns', text)).not.toThrow()
  })

  it.each(['NOT OK', '', 'OKAY', 'BROKEN', 'No, OK?'])('checkKey %j is not a yes', (text) => {
    expect(thrownError(() => v2('checkKey', text)).code).toBe('service_error')
  })
})

const V2_REFUSALS: readonly (readonly [string, string, Kind])[] = [
  ['checkKey', 'INVALIDKEY', 'invalid_key'],
  ['checkKey', 'invalidkey', 'invalid_key'],
  ['checkKey', ' INVALIDKEY\n', 'invalid_key'],
  ['checkKey', 'Invalid key', 'invalid_key'],
  ['checkKey', 'Invalid API key', 'invalid_key'],
  ['login', 'INVALIDKEY', 'invalid_key'],
  ['checkKey', 'API limit exceeded', 'limit_exceeded'],
  ['checkKey', 'api limit exceeded', 'limit_exceeded'],
  ['setCollection_owns', 'API limit exceeded for today', 'limit_exceeded'],
  ['setCollection_owns', 'ERROR: invalid userHash', 'invalid_user_hash'],
  ['setCollection_owns', 'ERROR: Invalid userHash', 'invalid_user_hash'],
  ['setCollection_owns', 'ERROR: invalid user hash', 'invalid_user_hash'],
  ['setCollection_owns', 'error: INVALID USERHASH.', 'invalid_user_hash'],
  ['setCollection_owns', 'ERROR: invalid userHash (expired)', 'invalid_user_hash'],
  ['setCollection_owns', 'ERROR: invalid API key', 'invalid_key'],
  ['setCollection_owns', 'ERROR: API limit exceeded', 'limit_exceeded'],
  ['login', 'ERROR: invalid username and/or password', 'invalid_credentials'],
  ['login', 'ERROR: Invalid username or password', 'invalid_credentials'],
  ['login', 'ERROR: invalid username and/or password.', 'invalid_credentials'],
  ['checkUserHash', 'INVALID', 'invalid_user_hash'],
  ['checkUserHash', 'invalid', 'invalid_user_hash'],
  ['checkUserHash', ' Invalid ', 'invalid_user_hash']
]

describe('v2 refusals', () => {
  it.each(V2_REFUSALS)('%s answered %j is %s, told in fixed words', (op, text, kind) => {
    const e = thrownError(() => v2(op, text))
    expect(e.code).toBe(kind)
    expect(e.message).toBe(WORDING[kind])
  })

  it.each([
    ['setCollection_owns', 'ERROR: set not found'],
    ['setCollection_owns', 'ERROR: keyword search failed'],
    ['setCollection_owns', 'ERROR: hash table full']
  ])('%s answered %j stays a refusal of the change', (op, text) => {
    expect(thrownError(() => v2(op, text)).code).toBe('service_error')
  })

  it.each(['darth-vader', 'Invalid_Key_Fan', 'okapi'])(
    'a user name %j is checkUserHash’s value, not a refusal',
    (name) => {
      expect(v2('checkUserHash', name)).toBe(name)
    }
  )

  it('a userHash is login’s value', () => {
    expect(v2('login', 'abc123!@#')).toBe('abc123!@#')
  })
})

const V3_REFUSALS: readonly (readonly [string, Kind])[] = [
  ['Invalid API key', 'invalid_key'],
  ['invalid api key', 'invalid_key'],
  ['Invalid API key.', 'invalid_key'],
  ['Invalid API key: abc-123', 'invalid_key'],
  ['Invalid apiKey', 'invalid_key'],
  ['Invalid user hash', 'invalid_user_hash'],
  ['Invalid userHash', 'invalid_user_hash'],
  ['invalid userhash', 'invalid_user_hash'],
  ['Invalid user hash - please log in again', 'invalid_user_hash'],
  ['Invalid username or password', 'invalid_credentials'],
  ['Invalid username and/or password', 'invalid_credentials'],
  ['invalid USERNAME or PASSWORD.', 'invalid_credentials'],
  ['API limit exceeded', 'limit_exceeded'],
  ['API limit exceeded (100 calls per day)', 'limit_exceeded'],
  ['api LIMIT exceeded', 'limit_exceeded']
]

describe('v3 errors', () => {
  it.each(V3_REFUSALS)('%j is %s, told in fixed words', (message, kind) => {
    for (const status of ['error', 'Error', 'ERROR']) {
      const e = thrownError(() => v3('setCollection', { status, message }))
      expect(e.code, status).toBe(kind)
      expect(e.message).toBe(WORDING[kind])
      expect(e.detail?.reason).toBe(message)
    }
  })

  it.each(['No valid parameters', 'Set not found', 'Invalid setID'])(
    '%j stays a refusal of the request',
    (message) => {
      const e = thrownError(() => v3('getSets', { status: 'error', message }))
      expect(e.code).toBe('service_error')
      expect(e.message).toBe(`The service refused the request: ${message}.`)
    }
  )
})

describe('v3 success', () => {
  it.each(['success', 'Success', 'SUCCESS', ' success '])('status %j is a success', (status) => {
    expect(v3('setCollection', { status })).toMatchObject({ status: 'success' })
    expect(v3('checkKey', { status })).toBeDefined()
  })

  it('a getSets page with status "Success" is read', () => {
    const answer = v3('getSets', { status: 'Success', matches: 0, sets: [] })
    expect(answer).toMatchObject({ status: 'success', matches: 0, sets: [] })
  })

  it.each([{}, { status: 'maybe' }, { status: 1 }, { message: 'Success' }])(
    '%j has no status Studbook knows',
    (value) => {
      expect(thrownError(() => v3('setCollection', value)).code).toBe('bad_json')
    }
  )
})

describe('faults and plain-text errors', () => {
  const fail = (over: Partial<DecodeInput> & { body: string }): AppError =>
    thrownError(() =>
      decodeResponse({
        service: 'v2',
        operation: 'getThemes',
        binding: 'soap11',
        namespace: FAULT_NS,
        status: 500,
        contentType: 'text/xml; charset=utf-8',
        ...over
      })
    )

  it.each([
    'API limit exceeded',
    'api limit exceeded',
    'API Limit Exceeded for this key today.',
    'System.Exception: API limit exceeded\n   at Brickset.Api.Check()'
  ])('a SOAP fault saying %j is the allowance, in fixed words', (reason) => {
    for (const [body, binding, contentType] of [
      [fault11('soap:Server', reason), 'soap11', 'text/xml; charset=utf-8'],
      [fault12('soap:Receiver', reason), 'soap12', 'application/soap+xml; charset=utf-8']
    ] as const) {
      const e = fail({ body, binding, contentType })
      expect(e.code, binding).toBe('limit_exceeded')
      expect(e.message).toBe(WORDING.limit_exceeded)
    }
  })

  it.each(['Response size limit exceeded', 'Object reference not set.'])(
    'a SOAP fault saying %j is not the allowance',
    (reason) => {
      expect(fail({ body: fault11('soap:Server', reason) }).code).toBe('soap_fault_server')
    }
  )

  it.each([
    [
      "Request format is unrecognized for URL unexpectedly ending in '/getThemes'.",
      'binding_unsupported'
    ],
    [
      "request format is unrecognized for URL unexpectedly ending in '/getThemes'.",
      'binding_unsupported'
    ],
    ['API limit exceeded', 'limit_exceeded'],
    ['api limit exceeded.', 'limit_exceeded']
  ])('a plain-text %j is %s', (body, code) => {
    const e = fail({ body, binding: 'httpPost', contentType: 'text/plain; charset=utf-8' })
    expect(e.code).toBe(code)
  })
})
