/**
 * The report's grand total in one currency. Studbook has no exchange rates of its own and never
 * guesses one: a grand total is given only when the user has typed a rate for every other
 * currency on the report. The rates are the user's words, kept on this computer and printed
 * beside the total so the reader sees what it rests on.
 */

/** One currency's replacement value, as the report totals it. */
interface CurrencyAmount {
  readonly currency: string
  readonly amount: number
}

/** The user's choice: the total's currency, and per other currency the rate as typed. */
interface RateChoice {
  /** ISO code of the grand total; '' until chosen (the report's retail currency then). */
  readonly target: string
  /** How many of `target` one unit of the key is worth, as typed ("0.79"); '' is no currency. */
  readonly rates: Readonly<Record<string, string>>
}

/** A rate as typed: a plain positive decimal ("0.79", "1,085"), nothing else. */
export function parseRate(text: string): number | null {
  const t = text.trim()
  if (!/^\d{1,9}([.,]\d{1,8})?$/.test(t)) return null
  const n = Number(t.replace(',', '.'))
  return n > 0 && Number.isFinite(n) ? n : null
}

interface GrandLine {
  readonly currency: string
  readonly amount: number
  /** 1 for the total's own currency. */
  readonly rate: number
  readonly converted: number
}

type GrandTotal =
  | {
      readonly kind: 'total'
      readonly currency: string
      readonly amount: number
      readonly lines: readonly GrandLine[]
    }
  /** Some currency has no rate: no total, and which ones are missing. */
  | { readonly kind: 'missing'; readonly currency: string; readonly missing: readonly string[] }

/**
 * The replacement values in `target`, each converted at the user's rate and rounded to the cent,
 * then summed in whole cents; or the currencies still without a rate.
 */
export function grandTotal(
  totals: readonly CurrencyAmount[],
  target: string,
  rates: RateChoice['rates']
): GrandTotal {
  const lines: GrandLine[] = []
  const missing: string[] = []
  let cents = 0
  for (const t of totals) {
    const rate = t.currency === target ? 1 : parseRate(rates[t.currency] ?? '')
    if (rate === null) {
      missing.push(t.currency)
      continue
    }
    const converted = Math.round(Math.round(t.amount * 100) * rate)
    cents += converted
    lines.push({ currency: t.currency, amount: t.amount, rate, converted: converted / 100 })
  }
  if (missing.length > 0) return { kind: 'missing', currency: target, missing }
  return { kind: 'total', currency: target, amount: cents / 100, lines }
}

const CODE = /^[A-Z]{3}$/

/**
 * The stored choice, read as hostile text (another version, a hand edit): anything that is not a
 * currency code and a short rate is dropped, never trusted.
 */
export function readRateChoice(stored: string | null): RateChoice {
  let raw: unknown
  try {
    raw = JSON.parse(stored ?? 'null')
  } catch {
    raw = null
  }
  if (typeof raw !== 'object' || raw === null) return { target: '', rates: {} }
  const o = raw as { target?: unknown; rates?: unknown }
  const target = typeof o.target === 'string' && CODE.test(o.target) ? o.target : ''
  const rates: Record<string, string> = {}
  if (typeof o.rates === 'object' && o.rates !== null) {
    for (const [k, v] of Object.entries(o.rates as Record<string, unknown>)) {
      if ((k === '' || CODE.test(k)) && typeof v === 'string' && v.length <= 20) rates[k] = v
    }
  }
  return { target, rates }
}
