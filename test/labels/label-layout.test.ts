import { describe, expect, it } from 'vitest'
import {
  LABEL_PADDING_MM,
  LABEL_SHEETS,
  LABEL_SHEET_IDS,
  PRINTER_MARGIN_MM,
  labelsPerSheet,
  layoutLabels,
  sheetCount
} from '../../src/shared/model/label-sheets'

/** Label sheet maths (issue #30 §4): every label on its page, inside what a printer reaches. */

const EPS = 1e-9

describe.each(LABEL_SHEET_IDS)('sheet %s', (id) => {
  const sheet = LABEL_SHEETS[id]
  const per = labelsPerSheet(sheet)

  it('has the paper size its name says', () => {
    const size = sheet.paper === 'A4' ? { w: 210, h: 297 } : { w: 215.9, h: 279.4 }
    expect(sheet.pageWidth).toBeCloseTo(size.w, 6)
    expect(sheet.pageHeight).toBeCloseTo(size.h, 6)
  })

  it('puts every label wholly on its page, none crossing into the next', () => {
    for (const p of layoutLabels(sheet, per * 2 + 5)) {
      expect(p.x).toBeGreaterThanOrEqual(0)
      expect(p.y).toBeGreaterThanOrEqual(0)
      expect(p.x + sheet.labelWidth).toBeLessThanOrEqual(sheet.pageWidth + EPS)
      expect(p.y + sheet.labelHeight).toBeLessThanOrEqual(sheet.pageHeight + EPS)
    }
  })

  it('keeps each label’s content inside the printable area', () => {
    for (const p of layoutLabels(sheet, per)) {
      const inner = {
        left: p.x + LABEL_PADDING_MM,
        top: p.y + LABEL_PADDING_MM,
        right: p.x + sheet.labelWidth - LABEL_PADDING_MM,
        bottom: p.y + sheet.labelHeight - LABEL_PADDING_MM
      }
      expect(inner.left).toBeGreaterThanOrEqual(PRINTER_MARGIN_MM)
      expect(inner.top).toBeGreaterThanOrEqual(PRINTER_MARGIN_MM)
      expect(inner.right).toBeLessThanOrEqual(sheet.pageWidth - PRINTER_MARGIN_MM)
      expect(inner.bottom).toBeLessThanOrEqual(sheet.pageHeight - PRINTER_MARGIN_MM)
    }
  })

  it('never lets two labels of a page overlap', () => {
    const page = layoutLabels(sheet, per)
    for (const a of page) {
      for (const b of page) {
        if (a === b) continue
        const apart =
          a.x + sheet.labelWidth <= b.x + EPS ||
          b.x + sheet.labelWidth <= a.x + EPS ||
          a.y + sheet.labelHeight <= b.y + EPS ||
          b.y + sheet.labelHeight <= a.y + EPS
        expect(apart).toBe(true)
      }
    }
  })

  it('fills a sheet row by row, then starts the next sheet at its first label', () => {
    const places = layoutLabels(sheet, per + 1)
    expect(places.map((p) => p.slot)).toEqual([...Array.from({ length: per }, (_, i) => i), 0])
    expect(places[1]?.y).toBe(places[0]?.y)
    expect(places[1]?.x).toBeGreaterThan(places[0]?.x ?? Infinity)
    expect(places[sheet.columns]?.y).toBeGreaterThan(places[0]?.y ?? Infinity)
    expect(places.at(-1)).toMatchObject({ page: 1, slot: 0, x: sheet.left, y: sheet.top })
  })

  it('starts a partly used sheet at the position asked for', () => {
    const places = layoutLabels(sheet, 3, per)
    expect(places.map((p) => [p.page, p.slot])).toEqual([
      [0, per - 1],
      [1, 0],
      [1, 1]
    ])
    expect(sheetCount(sheet, 3, per)).toBe(2)
    expect(sheetCount(sheet, per, 1)).toBe(1)
    expect(sheetCount(sheet, 0, 5)).toBe(0)
  })

  it('reads a start out of range as the first label', () => {
    for (const start of [0, -3, per + 1, 2.5, Number.NaN]) {
      expect(layoutLabels(sheet, 1, start)[0]).toMatchObject({ page: 0, slot: 0 })
    }
  })
})
