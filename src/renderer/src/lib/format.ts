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

/** A catalogue pull the service stopped before its total: never shown as synced. */
export function incompleteText(p: { readonly got: number; readonly expected: number }): string {
  return `Catalogue incomplete: ${p.got.toLocaleString()} of ${p.expected.toLocaleString()} sets`
}
