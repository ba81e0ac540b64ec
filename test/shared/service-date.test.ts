import { describe, expect, it } from 'vitest'
import {
  accountDateFormat,
  formatServiceDate,
  isIsoDateOrEmpty,
  isoOfServiceDate,
  parseServiceDate,
  readableDate,
  serviceDateText
} from '../../src/shared/model/service-date'

describe('service dates', () => {
  it('reads the production text 21-08-18 as 21 Aug 2018 (dd-MM-yy)', () => {
    expect(parseServiceDate('21-08-18')).toEqual({ iso: '2018-08-21', format: 'dd-MM-yy' })
    expect(readableDate(isoOfServiceDate('21-08-18'))).toBe('21 Aug 2018')
  })

  it('reads dd-MM-yyyy and yyyy-MM-dd (and an ISO timestamp)', () => {
    expect(parseServiceDate('21-08-2018')).toEqual({ iso: '2018-08-21', format: 'dd-MM-yyyy' })
    expect(parseServiceDate('2018-08-21')).toEqual({ iso: '2018-08-21', format: 'yyyy-MM-dd' })
    expect(parseServiceDate('2018-08-21T00:00:00')?.iso).toBe('2018-08-21')
  })

  it('pivots two-digit years at 70', () => {
    expect(isoOfServiceDate('01-01-69')).toBe('2069-01-01')
    expect(isoOfServiceDate('01-01-70')).toBe('1970-01-01')
    expect(isoOfServiceDate('01-01-00')).toBe('2000-01-01')
  })

  it('refuses impossible and unknown dates', () => {
    for (const t of ['31-02-18', '2018-02-30', '29-02-2019', '18-08-21x', '08/21/18', '00-01-18'])
      expect(parseServiceDate(t), t).toBeNull()
    expect(parseServiceDate('29-02-2020')?.iso).toBe('2020-02-29')
    expect(isIsoDateOrEmpty('')).toBe(true)
    expect(isIsoDateOrEmpty('2018-02-31')).toBe(false)
    expect(isIsoDateOrEmpty('21-08-18')).toBe(false)
  })

  it('writes each format, and never two digits outside the pivot window', () => {
    expect(formatServiceDate('2018-08-21', 'dd-MM-yy')).toBe('21-08-18')
    expect(formatServiceDate('2018-08-21', 'dd-MM-yyyy')).toBe('21-08-2018')
    expect(formatServiceDate('2018-08-21', 'yyyy-MM-dd')).toBe('2018-08-21')
    expect(formatServiceDate('1965-03-04', 'dd-MM-yy')).toBe('04-03-1965')
    expect(formatServiceDate('', 'dd-MM-yy')).toBe('')
  })

  it('keeps the raw text while it names the same day, else writes the account format', () => {
    expect(serviceDateText('2018-08-21', '21-08-18', 'yyyy-MM-dd')).toBe('21-08-18')
    expect(serviceDateText('2018-08-22', '21-08-18', 'dd-MM-yy')).toBe('22-08-18')
    expect(serviceDateText('', 'garbled', 'dd-MM-yy')).toBe('garbled')
    expect(serviceDateText('2020-01-02', null, 'dd-MM-yyyy')).toBe('02-01-2020')
  })

  it('finds the format an account uses', () => {
    expect(accountDateFormat(['21-08-18', '01-01-19', '2018-01-01'])).toBe('dd-MM-yy')
    expect(accountDateFormat(['', 'x'])).toBe('yyyy-MM-dd')
  })
})
