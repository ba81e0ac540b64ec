/**
 * Chart colours. A canvas cannot read CSS: `light-dark(…)` or `var(…)` handed to Chart.js is
 * rejected and drawn black. So each colour is written here as a light/dark pair and resolved by
 * the browser itself (a probe element's computed `color` is always rgb()), which also follows the
 * colour scheme actually in use: the system's, or the one fixed in Appearance.
 */

/** One series colour, light and dark; each keeps >= 3:1 against the panel and the page. */
interface ColourPair {
  readonly light: string
  readonly dark: string
}

/**
 * Series colours in order. Blue then orange first: the pair most people, colour-blind or not,
 * tell apart; then green and purple for charts with more series.
 */
export const SERIES_COLOURS: readonly ColourPair[] = [
  { light: '#1d5bb8', dark: '#86b4ff' },
  { light: '#b34700', dark: '#f5a25d' },
  { light: '#1c6e37', dark: '#74d293' },
  { light: '#7b3fb5', dark: '#cfa8f7' }
]

export function seriesColour(i: number): ColourPair {
  const pair = SERIES_COLOURS[i % SERIES_COLOURS.length]
  if (!pair) throw new Error('no chart colours')
  return pair
}

/** The CSS a probe's `color` is set to for one pair. */
export function lightDark(pair: ColourPair): string {
  return `light-dark(${pair.light}, ${pair.dark})`
}

/** Parses `#rrggbb`, `#rgb` or `rgb(r, g, b)` / `rgba(r, g, b, a)` into 0-255 channels. */
export function parseColour(text: string): [number, number, number] | null {
  const t = text.trim().toLowerCase()
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(t)?.[1]
  if (hex) {
    const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex
    return [0, 2, 4].map((k) => parseInt(full.slice(k, k + 2), 16)) as [number, number, number]
  }
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(t)
  if (!m) return null
  return [Number(m[1]), Number(m[2]), Number(m[3])]
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number): number => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/** WCAG contrast ratio (1 to 21) of two colours; NaN when either cannot be read. */
export function contrast(a: string, b: string): number {
  const ca = parseColour(a)
  const cb = parseColour(b)
  if (!ca || !cb) return NaN
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/**
 * Resolves CSS colours (any syntax the page understands: var(), light-dark()) to rgb() through
 * `probe`, an element in the page so it inherits the colour scheme in force where the chart is.
 */
export function resolveColours(probe: HTMLElement, css: readonly string[]): string[] {
  return css.map((c) => {
    probe.style.color = ''
    probe.style.color = c
    return getComputedStyle(probe).color
  })
}
