import { describe, expect, it } from 'vitest'
import { ERROR_CODES, AppError } from '../../src/shared/errors'
import { ACTION_LABELS, describeError, errorData } from '../../src/renderer/src/lib/errors'

describe('the renderer error table', () => {
  it('gives every error code a title, a message and an action the UI can show', () => {
    for (const code of ERROR_CODES) {
      const view = describeError({ code, message: 'raw text', retryable: false })
      expect(view.title.length, code).toBeGreaterThan(2)
      expect(
        describeError({ code, message: '', retryable: false }).message.length,
        code
      ).toBeGreaterThan(10)
      expect(ACTION_LABELS[view.action], code).toBeTruthy()
      // The user sees our words, not the back end's internal message; a binding refusal's words
      // are the main side's, naming the request formats it tried (binding-refusal.dom.test.ts).
      if (code === 'binding_unsupported') expect(view.message).toBe('raw text')
      else expect(view.message).not.toContain('raw text')
    }
  })

  it('treats a newer database and a broken store as fatal screens, the rest as toasts', () => {
    const fatal = ERROR_CODES.filter(
      (code) => describeError({ code, message: '', retryable: false }).presentation === 'fatal'
    )
    expect(fatal.sort()).toEqual(['db_damaged', 'db_error', 'db_from_future'])
    expect(describeError({ code: 'db_from_future', message: '', retryable: false }).action).toBe(
      'useDemo'
    )
  })

  it('sends credential problems to sign-in or settings and transient ones to retry', () => {
    const action = (code: (typeof ERROR_CODES)[number]) =>
      describeError({ code, message: '', retryable: false }).action
    expect(action('invalid_user_hash')).toBe('signIn')
    expect(action('invalid_credentials')).toBe('signIn')
    expect(action('invalid_key')).toBe('settings')
    expect(action('offline')).toBe('retry')
    expect(action('timeout')).toBe('retry')
  })

  it('shows the service reason when there is one, and the field message for bad input', () => {
    const withReason = describeError({
      code: 'service_error',
      message: 'x',
      retryable: false,
      detail: { reason: 'Set not found' }
    })
    expect(withReason.reason).toBe('Set not found')
    expect(
      describeError({ code: 'invalid_input', message: 'use yyyy-MM-dd', retryable: false }).reason
    ).toBe('use yyyy-MM-dd')
  })

  it('turns anything thrown into error data, keeping an AppError code', () => {
    expect(errorData(new AppError('timeout', 'slow')).code).toBe('timeout')
    expect(errorData(new Error('boom')).code).toBe('internal')
    expect(errorData('string').message).not.toContain('string')
  })
})
