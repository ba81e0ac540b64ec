import { currencyName } from './format'

/** The currency picker's list (ISO 4217, as the runtime knows it) and the last currency chosen. */

const KEY = 'studbook.currency'
const FALLBACK = 'EUR'

interface CurrencyOption {
  readonly code: string
  readonly label: string
}

let cached: readonly CurrencyOption[] | null = null

/** Every ISO currency by code, "GBP — British Pound": typing the code in the picker finds it. */
export function currencyOptions(): readonly CurrencyOption[] {
  cached ??= Intl.supportedValuesOf('currency').map((code) => ({
    code,
    label: `${code} — ${currencyName(code)}`
  }))
  return cached
}

/** The currency a new copy starts in: the one last saved, else euros. */
export function rememberedCurrency(): string {
  try {
    const v = localStorage.getItem(KEY)
    return v !== null && /^[A-Z]{3}$/.test(v) ? v : FALLBACK
  } catch {
    return FALLBACK
  }
}

export function rememberCurrency(code: string): void {
  if (!/^[A-Z]{3}$/.test(code)) return
  try {
    localStorage.setItem(KEY, code)
  } catch {
    // Storage can be disabled; the choice then lasts until the form closes.
  }
}
