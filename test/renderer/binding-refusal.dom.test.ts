import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { FakeBackend } from './fake-backend'
import { describeError } from '../../src/renderer/src/lib/errors'

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

serveApp(backend, {
  reset: () => {
    backend.failures = {}
  }
})

describe('a service that refused every request format', () => {
  it('the error view says which formats were tried', () => {
    const view = describeError(REFUSED)
    expect(view.message).toBe(TRIED)
    expect(view.message).not.toContain('Choose automatic')
  })

  it('the set page names the formats tried where its reviews would be', async () => {
    backend.failures['catalog:getSetExtras'] = REFUSED
    await openApp('#/browse/set/3', 8)
    const reviews = screen.getByRole('region', { name: /Reviews/ })
    expect(reviews.textContent).toContain('HTTP POST, SOAP 1.1, SOAP 1.2 and HTTP GET')
    expect(reviews.textContent).not.toContain('Choose automatic')
  })
})
