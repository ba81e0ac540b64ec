import { describe, expect, it } from 'vitest'
import { generateCatalogue } from '../../src/emulator/catalogue'
import { setDetails } from '../../src/emulator/set-details'

/**
 * Issue #30 §3: the retirement watch needs wanted sets that leave the shops soon. The demo
 * catalogue gives some of the sets in the shops a coming exit date relative to the day the
 * service started: some within 90 days, some later, the same for a seed and a day.
 */
const cat = generateCatalogue(1, 20_000)
const TODAY = '2026-11-26'
const days = (from: string, to: string): number =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)

function exits(today: string | undefined) {
  return cat.sets.map((s) => ({ id: s.setID, d: setDetails(cat, s, today) }))
}

describe('coming shop exits in the demo catalogue', () => {
  const on = exits(TODAY)
  const coming = on.filter((x) => x.d.dateRemoved > TODAY)

  it('a realistic share of sets leave after the day: some within 90 days, more later', () => {
    const soon = coming.filter((x) => days(TODAY, x.d.dateRemoved) <= 90)
    // Of 20,000 sets, those still in the shops (the last few years) are a few thousand.
    expect(coming.length).toBeGreaterThan(200)
    expect(coming.length).toBeLessThan(cat.sets.length / 4)
    expect(soon.length).toBeGreaterThan(50)
    expect(soon.length).toBeLessThan(coming.length - soon.length)
    expect(Math.max(...coming.map((x) => days(TODAY, x.d.dateRemoved)))).toBeLessThanOrEqual(540)
  })

  it('the other shops end some days either side of the US one', () => {
    const differ = coming.filter((x) => x.d.dateRemovedIn.UK !== x.d.dateRemoved)
    expect(differ.length).toBeGreaterThan(coming.length / 2)
    for (const x of coming) {
      expect(Math.abs(days(x.d.dateRemoved, x.d.dateRemovedIn.DE))).toBeLessThanOrEqual(45)
    }
  })

  it('is the same for a seed and a day, and moves with the day', () => {
    expect(exits(TODAY)).toEqual(on)
    const next = exits('2026-11-27')
    const moved = next.filter((x, i) => x.d.dateRemoved !== on[i]?.d.dateRemoved)
    expect(moved.length).toBe(coming.length)
    for (const x of moved) {
      const was = on.find((o) => o.id === x.id)?.d.dateRemoved ?? ''
      expect(days(was, x.d.dateRemoved)).toBe(1)
    }
  })

  it('leaves every other field as it was, and gives no coming exit without a day', () => {
    const off = exits(undefined)
    expect(off.filter((x) => x.d.dateRemoved > TODAY)).toEqual([])
    const strip = ({ dateRemoved: _r, dateRemovedIn: _i, ...rest }: (typeof on)[number]['d']) =>
      rest
    expect(on.map((x) => strip(x.d))).toEqual(off.map((x) => strip(x.d)))
  })
})
