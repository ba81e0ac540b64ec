import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { copyInput } from '../../src/shared/ipc/channels/collection'
import { profileInput } from '../../src/shared/ipc/channels/account'
import { copyProblems, isHttpUrl } from '../../src/renderer/src/lib/validate'
import { runs } from '../property-runs'
import { copyFields } from '../copy-fields'

// Strings that hit each rule's edges: dates, currency codes, control characters, long text.
const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: max + 5 }),
    fc.constantFrom('', 'ok', 'a\u0001b', 'tab\tok', 'x'.repeat(max), 'x'.repeat(max + 1), '\uD800')
  )
const money = fc.oneof(
  fc.double({ min: -10, max: 2e9, noNaN: false }),
  fc.constantFrom(0, 1e9, 1e9 + 1, -0.01, Number.NaN, Number.POSITIVE_INFINITY)
)
const copy = fc.record({
  dateAcquired: fc.oneof(fc.constantFrom('', '2024-01-31', '2024-1-31', '31/01/2024'), fc.string()),
  currency: fc.oneof(fc.constantFrom('', 'EUR', 'usd', 'EURO', 'US'), fc.string({ maxLength: 4 })),
  pricePaid: money,
  additionalPricePaid: money,
  currentEstimatedValue: money,
  conditionWhenAcquired: text(50),
  acquiredFrom: text(200),
  conditionNow: text(50),
  location: text(200),
  notes: text(1000),
  parts: fc.boolean(),
  minifigs: fc.boolean(),
  instructions: fc.boolean(),
  box: fc.boolean(),
  willTrade: fc.boolean()
})

describe('inline form checks agree with the IPC schemas main enforces', () => {
  it('accepts exactly the copies the copyInput schema accepts, field by field', () => {
    fc.assert(
      fc.property(copy, (c) => {
        const parsed = copyInput.safeParse(c)
        const local = copyProblems(c)
        const schemaFields = parsed.success
          ? []
          : [...new Set(parsed.error.issues.map((i) => String(i.path[0])))].sort()
        expect(Object.keys(local).sort()).toEqual(schemaFields)
      }),
      { numRuns: runs(2000) }
    )
  })

  it('accepts exactly the service addresses the profile schema accepts', () => {
    const urls = fc.oneof(
      fc.webUrl(),
      fc.constantFrom('https://x.example/api', 'ftp://x.example', 'javascript:alert(1)', 'x', ''),
      fc.string()
    )
    fc.assert(
      fc.property(urls, (u) => {
        expect(isHttpUrl(u)).toBe(profileInput.safeParse({ baseUrl: u }).success)
      }),
      { numRuns: runs(1000) }
    )
  })
})

describe('acquisition dates after today', () => {
  // Every field valid but the date, which each check sets.
  const base = copyFields({
    pricePaid: 0,
    additionalPricePaid: 0,
    currentEstimatedValue: 0,
    conditionWhenAcquired: '',
    conditionNow: ''
  })
  const day = (offset: number): string => {
    const d = new Date()
    d.setDate(d.getDate() + offset)
    const pad = (n: number): string => String(n).padStart(2, '0')
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
  }

  it('are refused by the contract main enforces and by the form alike; today is fine', () => {
    for (const date of ['2099-01-01', day(1)]) {
      expect(copyInput.safeParse({ ...base, dateAcquired: date }).success).toBe(false)
      expect(copyProblems({ ...base, dateAcquired: date }).dateAcquired).toBe(
        'That date is after today'
      )
    }
    expect(copyInput.safeParse({ ...base, dateAcquired: day(0) }).success).toBe(true)
    expect(copyProblems({ ...base, dateAcquired: day(0) })).toEqual({})
  })
})
