import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { replay, runs, runsFactor } from './property-runs'

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

  it('replays a printed seed, and its path straight to the shrunk case', () => {
    expect(replay({})).toEqual({})
    expect(replay({ STUDBOOK_PROPERTY_SEED: '-1234' })).toEqual({ seed: -1234 })
    expect(
      replay({ STUDBOOK_PROPERTY_SEED: '-828167360', STUDBOOK_PROPERTY_PATH: '11:0:2' })
    ).toEqual({ seed: -828167360, path: '11:0:2', endOnFailure: true })
    expect(() => replay({ STUDBOOK_PROPERTY_SEED: 'x12' })).toThrow(/STUDBOOK_PROPERTY_SEED/)
  })

  it('reaches every fc.assert through the suite setup, which runs before this file', () => {
    // The suite runs unset, so the setup leaves fast-check's defaults as they were.
    expect(fc.readConfigureGlobal().seed).toBe(replay().seed)
    // With a seed in force, two runs of the same property see the same first value.
    const seen: number[] = []
    const prior = fc.readConfigureGlobal()
    fc.configureGlobal({ ...prior, seed: 42 })
    try {
      for (let i = 0; i < 2; i++) {
        fc.assert(
          fc.property(fc.integer(), (n) => {
            seen.push(n)
          }),
          { numRuns: 1 }
        )
      }
    } finally {
      fc.configureGlobal(prior)
    }
    expect(seen[0]).toBe(seen[1])
  })
})
