import { describe, expect, it, vi } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { dispatch } from '../../src/main/ipc/dispatch'
import { fakeHandlers } from './fake-handlers'

describe('dispatch: the one gate between a host and a handler', () => {
  it('passes parsed input to the channel handler and wraps the value', async () => {
    const { handlers, spies } = fakeHandlers()
    const result = await dispatch(handlers, 'catalog:getSet', { setID: 42 })
    expect(result).toEqual({ ok: true, value: { channel: 'catalog:getSet', input: { setID: 42 } } })
    expect(spies['catalog:getSet']).toHaveBeenCalledTimes(1)
  })

  it('applies schema defaults before the handler sees the input', async () => {
    const { handlers, spies } = fakeHandlers()
    await dispatch(handlers, 'catalog:search', { text: 'castle' })
    expect(spies['catalog:search']).toHaveBeenCalledWith(
      expect.objectContaining({
        text: 'castle',
        offset: 0,
        limit: 100,
        sort: 'number',
        desc: false
      })
    )
  })

  it.each([
    ['catalog:getSet', { setID: -1 }],
    ['catalog:getSet', { setID: '42' }],
    ['catalog:getSet', { setID: 42, extra: true }],
    ['collection:updateSet', { setID: 1, patch: {} }],
    ['collection:updateSet', { setID: 1, patch: { qtyOwned: 1000 } }],
    ['collection:updateSet', { setID: 1, patch: { notes: 'bell \u0007' } }],
    ['flags:setLabel', { flagNo: 9, label: 'x' }],
    ['flags:setLabel', { flagNo: 1, label: 'a label far longer than twenty' }],
    ['account:saveProfile', { baseUrl: 'ftp://example.com' }],
    ['catalog:search', { limit: 100000 }],
    ['catalog:search', null],
    ['catalog:search', 'castle']
  ])('rejects %s %j with invalid_input and never calls the handler', async (channel, input) => {
    const { handlers, spies } = fakeHandlers()
    const result = await dispatch(handlers, channel, input)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.code).toBe('invalid_input')
    for (const spy of Object.values(spies)) expect(spy).not.toHaveBeenCalled()
  })

  it.each(['nope', 'constructor', '__proto__', 'toString', 'catalog:'])(
    'refuses the unknown channel %s',
    async (channel) => {
      const { handlers } = fakeHandlers()
      const result = await dispatch(handlers, channel, {})
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    }
  )

  it('keeps an AppError code and hides the message of anything else', async () => {
    const { handlers, spies } = fakeHandlers()
    spies['catalog:getSet'].mockImplementation(() => {
      throw new AppError('not_found', 'No set 7 in the catalogue.')
    })
    spies['catalog:listThemes'].mockImplementation(() => {
      throw new Error('SQLITE_CORRUPT at /home/me/.config/Studbook/studbook.db')
    })
    const logged: unknown[] = []
    const log = { error: (m: string, d?: unknown) => logged.push([m, d]) }
    expect(await dispatch(handlers, 'catalog:getSet', { setID: 7 }, log)).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No set 7 in the catalogue.', retryable: false }
    })
    const hidden = await dispatch(handlers, 'catalog:listThemes', {}, log)
    expect(hidden).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(JSON.stringify(hidden)).not.toContain('studbook.db')
    expect(logged).toHaveLength(1)
  })

  it('names a call in the log once it has waited 15 s, and says nothing of a quick one', async () => {
    vi.useFakeTimers()
    try {
      const { handlers } = fakeHandlers()
      const warned: string[] = []
      const log = { error: () => undefined, warn: (m: string) => warned.push(m) }
      const never = new Promise<never>(() => undefined)
      const hung = { ...handlers, 'account:testConnection': () => never }
      void dispatch(hung, 'account:testConnection', { baseUrl: 'https://example.com' }, log)
      await dispatch(handlers, 'catalog:getSet', { setID: 42 }, log)
      await vi.advanceTimersByTimeAsync(14_999)
      expect(warned).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      expect(warned).toEqual(['account:testConnection has not answered after 15 s'])
      await vi.advanceTimersByTimeAsync(60_000)
      expect(warned).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
