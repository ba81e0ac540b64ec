import { afterEach, describe, expect, it } from 'vitest'
import { editHarness } from './harness'
import type { EditHarness } from './harness'
import { completeCopy } from './copy-helpers'

let h: EditHarness
afterEach(() => {
  h.close()
})

const copy = completeCopy({
  dateAcquired: '2024-01-10',
  currency: 'USD',
  pricePaid: 1000,
  currentEstimatedValue: 1200
})

describe('totals never add one currency to another', () => {
  it('charts paid and value over time as one series per currency', async () => {
    h = await editHarness()
    await h.handlers['collection:saveCopy']({ setID: 1, copy })
    await h.handlers['collection:saveCopy']({
      setID: 2,
      copy: { ...copy, dateAcquired: '2024-02-03', currency: 'GBP', pricePaid: 102.49 }
    })
    await h.handlers['collection:saveCopy']({
      setID: 3,
      copy: { ...copy, dateAcquired: '2024-03-01', pricePaid: 20, currentEstimatedValue: 25 }
    })
    const t = await h.handlers['collection:getTotals']({})
    expect(t.money).toEqual([
      { currency: 'GBP', paid: 102.49, value: 1200 },
      { currency: 'USD', paid: 1020, value: 1225 }
    ])
    expect(t.overTime).toEqual([
      { currency: 'GBP', points: [{ month: '2024-02', paid: 102.49, value: 1200 }] },
      {
        currency: 'USD',
        points: [
          { month: '2024-01', paid: 1000, value: 1200 },
          { month: '2024-03', paid: 1020, value: 1225 }
        ]
      }
    ])
  })

  it('has no series at all when no copy carries a date', async () => {
    h = await editHarness()
    await h.handlers['collection:saveCopy']({ setID: 1, copy: { ...copy, dateAcquired: '' } })
    const t = await h.handlers['collection:getTotals']({})
    expect(t.overTime).toEqual([])
  })
})
