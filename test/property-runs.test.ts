import { describe, expect, it } from 'vitest'
import { runs, runsFactor, seed } from './property-runs'

describe('property-test run counts (one factor for the suite)', () => {
  it('keeps each count unset, locally and under CI', () => {
    expect(runs(60, {})).toBe(60)
    expect(runs(60, { CI: 'true' })).toBe(60)
  })

  it('scales every count by STUDBOOK_PROPERTY_RUNS, never below one run', () => {
    expect(runs(2000, { STUDBOOK_PROPERTY_RUNS: '0.1' })).toBe(200)
    expect(runs(12, { STUDBOOK_PROPERTY_RUNS: '4', CI: '1' })).toBe(48)
    expect(runs(12, { STUDBOOK_PROPERTY_RUNS: '0.001' })).toBe(1)
  })

  it('refuses a factor that is not a positive number', () => {
    for (const bad of ['abc', '0', '-1', 'Infinity', '1e9']) {
      expect(() => runsFactor({ STUDBOOK_PROPERTY_RUNS: bad })).toThrow(/STUDBOOK_PROPERTY_RUNS/)
    }
  })

  it('replays a printed seed from STUDBOOK_PROPERTY_SEED', () => {
    expect(seed({})).toEqual({})
    expect(seed({ STUDBOOK_PROPERTY_SEED: '-1234' })).toEqual({ seed: -1234 })
  })
})
