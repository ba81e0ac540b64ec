import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { setTransport } from '../../src/renderer/src/lib/api'
import { describeError } from '../../src/renderer/src/lib/errors'
import App from '../../src/renderer/src/App.svelte'

/**
 * A service that refused every request format (issue 27): the main side tries each binding in
 * turn and its error names them. The user must see which were tried, not an outdated "Choose
 * automatic" (automatic is what just tried them all).
 */

const backend = new FakeBackend(20)
const TRIED =
  'The service refused every request format tried for getReviews: HTTP POST, SOAP 1.1, ' +
  'SOAP 1.2 and HTTP GET.'
const REFUSED = {
  code: 'binding_unsupported',
  message: TRIED,
  retryable: false,
  detail: { operation: 'getReviews', reason: 'Request format is unrecognized.' }
} as const

beforeAll(() => {
  setTransport(backend)
})
afterEach(() => {
  cleanup()
  backend.failures = {}
})

describe('a service that refused every request format', () => {
  it('the error view says which formats were tried', () => {
    const view = describeError(REFUSED)
    expect(view.message).toBe(TRIED)
    expect(view.message).not.toContain('Choose automatic')
  })

  it('the set page names the formats tried where its reviews would be', async () => {
    backend.failures['catalog:getSetExtras'] = REFUSED
    window.location.hash = '#/browse/set/3'
    render(App)
    await settle(8)
    const reviews = screen.getByRole('region', { name: /Reviews/ })
    expect(reviews.textContent).toContain('HTTP POST, SOAP 1.1, SOAP 1.2 and HTTP GET')
    expect(reviews.textContent).not.toContain('Choose automatic')
  })
})
