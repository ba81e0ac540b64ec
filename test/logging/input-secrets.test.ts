import { describe, expect, it, vi } from 'vitest'
import { handlersTellingLog } from '../../src/main/logging/index'
import type { Handlers } from '../../src/shared/ipc/contract'

/**
 * Every call's input is searched for the secrets the user typed before its handler runs, on the
 * host's main thread. A file's bytes hold no field: walked index by index, a 17 MB import held that
 * thread for 12-17 s (docs/benchmarks.md, 2026-11-28).
 */
function wrapped() {
  const keepSecret = vi.fn()
  const seen = vi.fn((input: unknown) => input)
  const handlers = handlersTellingLog(
    { 'exchange:previewImport': seen, 'account:saveProfile': seen } as unknown as Handlers,
    { keepSecret }
  )
  return { handlers, keepSecret, seen }
}

describe('the secrets a call carries', () => {
  it('are found in the fields the user typed', async () => {
    const { handlers, keepSecret } = wrapped()
    await handlers['account:saveProfile']({
      baseUrl: 'https://x.example/',
      binding: 'auto',
      apiKey: 'key-123'
    })
    expect(keepSecret).toHaveBeenCalledWith('key-123')
  })

  it('are not looked for inside a file’s bytes, which reach the handler as they came', async () => {
    const { handlers, keepSecret, seen } = wrapped()
    // A byte array with a property named like a secret: found only if the bytes were walked.
    const bytes = Object.assign(new Uint8Array([1, 2, 3]), { password: 'in-the-bytes' })
    const input = { format: 'collection' as const, data: [bytes] }
    await handlers['exchange:previewImport'](input)
    expect(keepSecret).not.toHaveBeenCalled()
    expect(seen).toHaveBeenCalledWith(input)
  })
})
