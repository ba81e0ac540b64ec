/**
 * Characters the computer has no font for print as empty boxes: an emoji in a note, a name in a
 * script no installed font covers. The report replaces each such character with its code
 * ("[U+1F9F1]") and says how many it replaced, so nothing on paper is a silent box.
 */

const SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
/** Anything beyond ASCII: the only characters a font might lack. */
const NON_ASCII = /[^\t\n\r\x20-\x7e]/

/** Whether the fonts draw a character (one grapheme); asked only about non-ASCII ones. */
export type CanDraw = (grapheme: string) => boolean

function code(grapheme: string): string {
  // Code points on purpose: the grapheme is spelled out one code point at a time.
  // eslint-disable-next-line @typescript-eslint/no-misused-spread
  const points = [...grapheme]
    // A variation selector only picks emoji or text style: its code would be noise.
    .filter((c) => c !== '\uFE0F' && c !== '\uFE0E')
    .map((c) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`)
  return `[${points.join(' ')}]`
}

export function printable(text: string, canDraw: CanDraw): { text: string; replaced: number } {
  // Plain ASCII (nearly every set name and note) never needs a look.
  if (!NON_ASCII.test(text)) return { text, replaced: 0 }
  const known = new Map<string, boolean>()
  let replaced = 0
  let out = ''
  for (const { segment } of SEGMENTER.segment(text)) {
    if (!NON_ASCII.test(segment)) {
      out += segment
      continue
    }
    let ok = known.get(segment)
    if (ok === undefined) {
      ok = canDraw(segment)
      known.set(segment, ok)
    }
    if (ok) out += segment
    else {
      out += code(segment)
      replaced++
    }
  }
  return { text: out, replaced }
}

/**
 * The browser's own answer: a character is drawn when its pixels differ from those of a
 * character no font has (U+10FFFD, private use), which every browser draws as its missing-glyph
 * box. Where there is no canvas to ask (tests), every character counts as drawn.
 */
export function glyphProbe(font: string): CanDraw {
  let ctx: CanvasRenderingContext2D | null = null
  try {
    if (typeof document !== 'undefined' && !navigator.userAgent.includes('jsdom')) {
      const canvas = document.createElement('canvas')
      canvas.width = 48
      canvas.height = 48
      ctx = canvas.getContext('2d', { willReadFrequently: true })
    }
  } catch {
    ctx = null
  }
  if (ctx === null) return () => true
  const c = ctx
  c.font = `32px ${font}`
  c.textBaseline = 'top'
  const pixels = (g: string): Uint8ClampedArray => {
    c.clearRect(0, 0, 48, 48)
    c.fillText(g, 0, 4)
    return c.getImageData(0, 0, 48, 48).data
  }
  const missing = pixels('\u{10FFFD}')
  const cache = new Map<string, boolean>()
  return (g) => {
    const seen = cache.get(g)
    if (seen !== undefined) return seen
    const p = pixels(g)
    let same = true
    let ink = false
    for (let i = 3; i < p.length; i += 4) {
      if (p[i] !== missing[i]) same = false
      if ((p[i] ?? 0) > 0) ink = true
    }
    // Blank is missing too (some fonts draw nothing), unless the character is a space.
    const ok = !same && (ink || /^\s+$/u.test(g))
    cache.set(g, ok)
    return ok
  }
}

/** How many characters of a report's own words the fonts cannot draw (and so are replaced). */
export function replacedIn(texts: Iterable<string>, canDraw: CanDraw): number {
  let n = 0
  for (const t of texts) n += printable(t, canDraw).replaced
  return n
}
