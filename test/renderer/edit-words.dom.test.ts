import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/svelte'
import { openApp, serveApp } from './app-render'
import { FakeBackend } from './fake-backend'
import type { OutboxItemDto } from '../../src/shared/model/sync'

/** Issue #14 item 8: the outbox and the conflict dialog say what changed in words. */

const backend = new FakeBackend(20)

const item = (id: number, patch: Partial<OutboxItemDto>): OutboxItemDto => ({
  id,
  setID: 3,
  label: '1003-1 Town set 3',
  field: 'owned',
  desired: 'yes',
  base: 'no',
  server: null,
  state: 'pending',
  reason: null,
  createdAt: '2024-01-01T00:00:00Z',
  ...patch
})

serveApp(backend)
beforeAll(() => {
  backend.labels = backend.labels.map((l) => (l.flagNo === 3 ? { flagNo: 3, label: 'Sealed' } : l))
})

describe('edits in words', () => {
  it('lists waiting edits by what they change, never by code name or raw record', async () => {
    backend.outbox = [
      item(1, { field: 'qtyOwned', base: '0', desired: '1' }),
      item(2, { field: 'flag 3' }),
      item(3, { field: 'copy', base: '(none)', desired: '{"pricePaid":12,"currency":"EUR"}' }),
      item(4, { field: 'copy', base: '{"pricePaid":12}', desired: '(none)' }),
      item(5, {
        field: 'minifig 85863pb076',
        setID: null,
        label: 'minifig 85863pb076',
        base: '{"ownedLoose":0,"wanted":false}',
        desired: '{"ownedLoose":2,"wanted":false}'
      }),
      item(6, { field: 'notes', base: '', desired: 'box dented' })
    ]
    await openApp('#/sync', 8)
    const outbox = screen.getByRole('region', { name: 'Outbox' })
    const lines = within(outbox)
      .getAllByRole('listitem')
      .map((li) => li.textContent.replace(/\s+/g, ' ').trim())
    expect(lines).toEqual([
      '1003-1 Town set 3 Quantity owned 0 → 1',
      '1003-1 Town set 3 Sealed no → yes',
      '1003-1 Town set 3 Copy added',
      '1003-1 Town set 3 Copy deleted',
      'Minifigure 85863pb076 Loose 0 → 2',
      '1003-1 Town set 3 Notes (empty) → box dented'
    ])
  })

  it('names the changed field in words in the conflict dialog', async () => {
    backend.outbox = [
      item(9, { field: 'qtyOwned', base: '1', desired: '2', server: '3', state: 'conflict' })
    ]
    backend.status = { ...backend.status, conflicts: 1 }
    await openApp('#/browse', 8)
    const dialog = screen.getByRole('dialog', { name: 'This set changed in two places' })
    expect(dialog.textContent.replace(/\s+/g, ' ')).toContain(
      'Quantity owned was changed here and on the service'
    )
    expect(dialog.textContent).not.toContain('qtyOwned')
    backend.status = { ...backend.status, conflicts: 0 }
  })
})
