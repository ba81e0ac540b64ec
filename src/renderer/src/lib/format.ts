/** Only https links leave the app; anything else is shown as text, never as a link. */
export function httpsUrl(url: string | null | undefined): string | null {
  if (url === null || url === undefined) return null
  try {
    return new URL(url).protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

/** An amount in its currency's own symbol and digits; `digits` fixes the decimals (e.g. 0 on axes). */
export function money(amount: number, currency: string, digits?: number): string {
  const fixed =
    digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }
  if (!currency) return amount.toFixed(digits ?? 2)
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, ...fixed }).format(
      amount
    )
  } catch {
    return `${amount.toFixed(digits ?? 2)} ${currency}`
  }
}

/** "US Dollar" for USD; the code itself when the runtime has no name for it. */
export function currencyName(code: string): string {
  try {
    const name = new Intl.DisplayNames(undefined, { type: 'currency' }).of(code)
    return name === undefined || name === code ? code : name
  } catch {
    return code
  }
}

/** "Jan 2024" for 2024-01. */
export function monthName(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month)
  if (!m) return month
  const date = new Date(Number(m[1]), Number(m[2]) - 1, 1)
  return date.toLocaleDateString(undefined, { month: 'short', year: 'numeric' })
}

export function dateOnly(iso: string | null): string {
  if (iso === null || iso === '') return '—'
  return iso.slice(0, 10)
}

export function relativeTime(iso: string | null, now = Date.now()): string {
  if (iso === null) return 'never'
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return 'never'
  const s = Math.round((now - t) / 1000)
  if (s < 60) return 'just now'
  if (s < 3600) return `${Math.floor(s / 60)} min ago`
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`
  return new Date(t).toLocaleDateString()
}

export function orDash(v: string | number | null | undefined): string {
  return v === null || v === undefined || v === '' ? '—' : String(v)
}

/**
 * Review bodies may carry markup from the service: keep only their text. DOMParser builds an inert
 * document (no scripts run, no images load), so nothing in the markup can act.
 */
export function plainText(markup: string): string {
  if (!/[<&]/.test(markup)) return markup
  const doc = new DOMParser().parseFromString(markup, 'text/html')
  // Code and styling are not part of what the reviewer wrote for readers.
  for (const el of doc.querySelectorAll('script, style, template, noscript')) el.remove()
  for (const br of doc.querySelectorAll('br')) br.replaceWith('\n')
  for (const p of doc.querySelectorAll('p, div, li')) p.append('\n')
  return doc.body.textContent.replace(/\n{3,}/g, '\n\n').trim()
}

/**
 * A set description as text: the service's descriptions may carry HTML or stray tags such as
 * `<recommended>`; what remains is tidied so no space is left before punctuation.
 */
export function descriptionText(markup: string): string {
  return plainText(markup)
    .replace(/[ \t]+([.,;:!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
}

function decimal(text: string): number | null {
  const t = text.trim()
  if (!/^\d+([.,]\d+)?$/.test(t)) return null
  return Number(t.replace(',', '.'))
}

/** A retail price from the catalogue ("9.99") in its market's currency ("£9.99"); other text as is. */
export function retailPrice(text: string | null, currency: string): string {
  if (text === null || text.trim() === '') return '—'
  const n = decimal(text)
  return n === null ? text : money(n, currency)
}

const MEASURE = { maximumFractionDigits: 2 } as const

/** Height, width and depth in centimetres and weight in kilograms, as the catalogue gives them. */
export function dimensionsText(d: {
  readonly height: string | null
  readonly width: string | null
  readonly depth: string | null
  readonly weight: string | null
}): string {
  const fmt = new Intl.NumberFormat(undefined, MEASURE)
  const num = (t: string | null): string | null => {
    if (t === null || t.trim() === '') return null
    const n = decimal(t)
    return n === null ? t : fmt.format(n)
  }
  const [h, w, dp, kg] = [num(d.height), num(d.width), num(d.depth), num(d.weight)]
  const parts: string[] = []
  if (h !== null && w !== null && dp !== null) parts.push(`${h} × ${w} × ${dp} cm (h × w × d)`)
  else {
    const named = [
      ['height', h],
      ['width', w],
      ['depth', dp]
    ] as const
    for (const [name, v] of named) if (v !== null) parts.push(`${name} ${v} cm`)
  }
  if (kg !== null) parts.push(`${kg} kg`)
  return parts.length === 0 ? '—' : parts.join(' · ')
}

/** `1 minifigure`, `2 minifigures`: a count the way it is said. */
export function minifigCount(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'minifigure' : 'minifigures'}`
}

/** `1 set`, `3 sets`. */
export function setCount(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'set' : 'sets'}`
}
