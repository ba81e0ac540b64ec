import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  SERIES_COLOURS,
  contrast,
  parseColour,
  seriesColour
} from '../../src/renderer/src/lib/chart-colours'

/** Issue #28 item 1: chart series stand out from what they are drawn on, in both themes. */

const css = readFileSync(join(__dirname, '../../src/renderer/src/styles/app.css'), 'utf8')

/** The light and dark values of one app.css colour variable, as the stylesheet defines them. */
function themeVar(name: string): { light: string; dark: string } {
  const m = new RegExp(`--${name}:\\s*light-dark\\((#[0-9a-fA-F]+),\\s*(#[0-9a-fA-F]+)\\)`).exec(
    css
  )
  if (!m?.[1] || !m[2]) throw new Error(`--${name} not found in app.css`)
  return { light: m[1], dark: m[2] }
}

describe('chart palette', () => {
  it('keeps every series at 3:1 or more against the panel and the page, light and dark', () => {
    const grounds = [themeVar('surface'), themeVar('bg')]
    for (const pair of SERIES_COLOURS)
      for (const ground of grounds) {
        expect(contrast(pair.light, ground.light)).toBeGreaterThanOrEqual(3)
        expect(contrast(pair.dark, ground.dark)).toBeGreaterThanOrEqual(3)
      }
  })

  it('gives each series of a chart its own colour', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const seen = SERIES_COLOURS.map((p) => p[scheme].toLowerCase())
      expect(new Set(seen).size).toBe(seen.length)
    }
    expect(seriesColour(0)).not.toEqual(seriesColour(1))
    expect(seriesColour(SERIES_COLOURS.length)).toEqual(seriesColour(0))
  })

  it('computes WCAG contrast from hex and from the rgb() a browser resolves to', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('rgb(255, 255, 255)', '#fff')).toBeCloseTo(1, 5)
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
    expect(parseColour('rgba(1, 2, 3, 0.5)')).toEqual([1, 2, 3])
    // What the old chart handed the canvas: unreadable, so it is never taken for a colour.
    expect(parseColour('light-dark(#1d5bb8, #86b4ff)')).toBeNull()
    expect(contrast('light-dark(#1d5bb8,#86b4ff)', '#fff')).toBeNaN()
  })
})
