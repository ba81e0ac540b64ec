import { describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { decodeResponse } from '../../src/main/service/decode-response'
import type { DecodeInput } from '../../src/main/service/decode-response'
import { HTML_500, NS, fault11, fault12 } from '../fixtures/service/build'

function failure(over: Partial<DecodeInput> & { body: string }): AppError {
  try {
    decodeResponse({
      service: 'v2',
      operation: 'getThemes',
      binding: 'soap11',
      namespace: NS,
      status: 500,
      contentType: 'text/xml; charset=utf-8',
      ...over
    })
  } catch (e) {
    if (e instanceof AppError) return e
    throw e
  }
  throw new Error('decoded without error')
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
  it('reads a missing parameter and a conversion failure as server errors with their text', () => {
    const missing = failure({
      binding: 'httpPost',
      contentType: 'text/plain; charset=utf-8',
      body: 'System.InvalidOperationException: Missing parameter: theme.\r\n   at System.Web...'
    })
    expect(missing.code).toBe('server_error')
    expect(missing.detail?.reason).toContain('Missing parameter: theme.')
    const conversion = failure({
      binding: 'httpGet',
      contentType: 'text/plain',
      body: 'System.ArgumentException: Cannot convert abc to System.Int32.\r\nParameter name: setID'
    })
    expect(conversion.code).toBe('server_error')
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

  it('reads the allowance text under HTTP 500 and a non-fault XML 500', () => {
    const limit = failure({
      binding: 'httpPost',
      contentType: 'text/plain',
      body: 'API limit exceeded'
    })
    expect(limit.code).toBe('limit_exceeded')
    const xml500 = failure({ binding: 'httpPost', body: `<ArrayOfThemes xmlns="${NS}" />` })
    expect(xml500.code).toBe('server_error')
  })
})
