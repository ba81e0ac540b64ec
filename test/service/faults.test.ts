import { describe, expect, it } from 'vitest'
import type { AppError } from '../../src/shared/errors'
import { decodeResponse } from '../../src/main/service/decode-response'
import type { DecodeInput } from '../../src/main/service/decode-response'
import { HTML_500, NS, fault11, fault12 } from '../fixtures/service/build'
import { thrownError } from './error-codes'

/** The AppError a v2 getThemes answer (SOAP 1.1, HTTP 500 unless `over` says) decodes to. */
function failure(over: Partial<DecodeInput> & { body: string }): AppError {
  return thrownError(
    () =>
      decodeResponse({
        service: 'v2',
        operation: 'getThemes',
        binding: 'soap11',
        namespace: NS,
        status: 500,
        contentType: 'text/xml; charset=utf-8',
        ...over
      }),
    'decoded without error'
  )
}

describe('SOAP faults are classified from the envelope, not the status', () => {
  const cases = [
    [
      '1.1 Client',
      fault11('soap:Client', 'Server was unable to read request.'),
      'soap_fault_client'
    ],
    ['1.1 Server', fault11('soap:Server', 'Object reference not set.'), 'soap_fault_server'],
    [
      '1.2 Sender',
      fault12('soap:Sender', 'Server was unable to read request.'),
      'soap_fault_client'
    ],
    ['1.2 Receiver', fault12('soap:Receiver', 'Boom.'), 'soap_fault_server'],
    [
      '1.1 SOAPAction not recognised',
      fault11('soap:Client', 'Server did not recognize the value of HTTP Header SOAPAction: "x".'),
      'soap_fault_client'
    ],
    ['1.1 allowance', fault11('soap:Server', 'API limit exceeded'), 'limit_exceeded'],
    ['1.2 allowance', fault12('soap:Receiver', 'API limit exceeded'), 'limit_exceeded']
  ] as const
  for (const status of [200, 400, 500]) {
    it.each(cases)(`%s under ${status}`, (_label, body, code) => {
      const contentType = body.includes('2003/05')
        ? 'application/soap+xml; charset=utf-8'
        : 'text/xml; charset=utf-8'
      const binding = body.includes('2003/05') ? 'soap12' : 'soap11'
      const e = failure({ body, status, contentType, binding })
      expect(e.code).toBe(code)
      expect(e.detail).toMatchObject({ operation: 'getThemes', binding, status })
    })
  }

  it('keeps the fault text as the reason', () => {
    const e = failure({ body: fault11('soap:Client', 'Server was unable to read request.') })
    expect(e.detail?.reason).toBe('Server was unable to read request.')
  })
})

describe('ASMX plain-text and HTML errors', () => {
  // Answers that are not a SOAP fault, read by their text (and status) alone.
  it.each<{
    answer: string
    input: Partial<DecodeInput> & { body: string }
    code: string
    reason?: string
  }>([
    {
      answer: 'a missing parameter (plain text)',
      input: {
        binding: 'httpPost',
        contentType: 'text/plain; charset=utf-8',
        body: 'System.InvalidOperationException: Missing parameter: theme.\r\n   at System.Web...'
      },
      code: 'server_error',
      reason: 'Missing parameter: theme.'
    },
    {
      answer: 'a conversion failure (plain text)',
      input: {
        binding: 'httpGet',
        contentType: 'text/plain',
        body: 'System.ArgumentException: Cannot convert abc to System.Int32.\r\nParameter name: setID'
      },
      code: 'server_error'
    },
    {
      answer: 'the allowance text under HTTP 500',
      input: { binding: 'httpPost', contentType: 'text/plain', body: 'API limit exceeded' },
      code: 'limit_exceeded'
    },
    {
      answer: 'a non-fault XML 500',
      input: { binding: 'httpPost', body: `<ArrayOfThemes xmlns="${NS}" />` },
      code: 'server_error'
    }
  ])('reads $answer as $code', ({ input, code, reason }) => {
    const e = failure(input)
    expect(e.code).toBe(code)
    if (reason !== undefined) expect(e.detail?.reason).toContain(reason)
  })

  it('reads "Request format is unrecognized" as a binding the server does not offer', () => {
    const text = "Request format is unrecognized for URL unexpectedly ending in '/getThemes'."
    expect(failure({ binding: 'httpGet', contentType: 'text/plain', body: text }).code).toBe(
      'binding_unsupported'
    )
    const html = `<html><body><b>${text}</b></body></html>`
    expect(failure({ binding: 'httpGet', contentType: 'text/html', body: html }).code).toBe(
      'binding_unsupported'
    )
    expect(failure({ binding: 'httpPost', status: 415, contentType: null, body: '' }).code).toBe(
      'binding_unsupported'
    )
  })

  it('reads an HTML page as html_error_page whatever it is labelled', () => {
    expect(failure({ contentType: 'text/html', body: HTML_500 }).code).toBe('html_error_page')
    expect(failure({ body: HTML_500 }).code).toBe('html_error_page')
    expect(failure({ status: 200, body: HTML_500 }).code).toBe('html_error_page')
  })
})
