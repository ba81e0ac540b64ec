import { describe, expect, it } from 'vitest'
import { ledgerChannels } from '../../src/shared/ipc/channels/ledger'
import { localToday } from '../../src/shared/model/service-date'

/** The ledger's trust boundary: what the window may send is checked before any handler runs. */

const dispose = ledgerChannels['ledger:applyDisposal'].input
const good = {
  setID: 1,
  localId: 'copy-1',
  kind: 'sold',
  disposedOn: '2025-06-01',
  proceeds: 10,
  proceedsCurrency: 'EUR',
  deleteCopy: false
}
const tomorrow = (): string => {
  const d = new Date()
  d.setDate(d.getDate() + 1)
  return localToday(d)
}

describe('ledger channel inputs', () => {
  it('takes a disposal as the dialog sends it, the note defaulting to empty', () => {
    expect(dispose.parse(good)).toEqual({ ...good, note: '' })
  })

  it.each([
    ['an unknown kind', { kind: 'stolen' }],
    ['a day that does not exist', { disposedOn: '2025-02-30' }],
    ['a date after today', { disposedOn: tomorrow() }],
    ['no date', { disposedOn: '' }],
    ['negative proceeds', { proceeds: -1 }],
    ['proceeds past the bound', { proceeds: 1e10 }],
    ['a currency that is not a code', { proceedsCurrency: 'euro' }],
    ['a control character in the note', { note: 'a\u0007' }],
    ['a field the channel does not know', { price: 3 }],
    ['no deletion choice', { deleteCopy: undefined }]
  ])('refuses %s', (_n, patch) => {
    expect(dispose.safeParse({ ...good, ...patch }).success).toBe(false)
  })

  it('removes an entry only by a well-formed id, and pages within bounds', () => {
    const del = ledgerChannels['ledger:deleteEntry'].input
    expect(del.safeParse({ entryId: 'x' }).success).toBe(false)
    expect(del.safeParse({ entryId: '00000000-0000-4000-8000-000000000001' }).success).toBe(true)
    const list = ledgerChannels['ledger:list'].input
    expect(list.safeParse({ limit: 501 }).success).toBe(false)
    expect(list.parse({})).toEqual({ offset: 0, limit: 100 })
  })
})
