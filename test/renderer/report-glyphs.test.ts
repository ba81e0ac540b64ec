import { describe, expect, it } from 'vitest'
import { printable } from '../../src/renderer/src/lib/report-glyphs'

/** A computer with Latin and Japanese fonts but none for emoji. */
const noEmoji = (g: string) => !/\p{Extended_Pictographic}/u.test(g)

describe('report text on a computer without a font for some characters', () => {
  it('replaces each character no font draws with its code, whole emoji sequences as one', () => {
    const r = printable('🧱 box dented, 👨‍👩‍👧 set', noEmoji)
    expect(r.text).toBe('[U+1F9F1] box dented, [U+1F468 U+200D U+1F469 U+200D U+1F467] set')
    expect(r.replaced).toBe(2)
  })

  it('keeps what the fonts draw, Latin and non-Latin alike, untouched', () => {
    const r = printable('Château – 城 “Ørsted” ½', noEmoji)
    expect(r).toEqual({ text: 'Château – 城 “Ørsted” ½', replaced: 0 })
  })

  it('asks about each distinct character once, and never about plain ASCII', () => {
    const asked: string[] = []
    const probe = (g: string) => {
      asked.push(g)
      return g !== '城'
    }
    const r = printable('城 A 城 é', probe)
    expect(r.text).toBe('[U+57CE] A [U+57CE] é')
    expect(asked.filter((g) => g === '城')).toHaveLength(1)
    expect(asked).not.toContain('A')
  })
})
