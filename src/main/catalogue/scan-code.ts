/**
 * What a scanned or typed code can name (issue #17). A barcode scanner types the digits of an
 * EAN-13, a UPC-A (12 digits), an EAN-8 or a GTIN-14; a person may type a set number instead
 * (`75192`, `75192-1`). These forms are one item number with leading zeros or not: a UPC-A is the
 * EAN-13 that starts with 0, so each is looked up in every length it can be written in, and a
 * UPC-E (8 digits) also as the UPC-A it abbreviates.
 */
export interface ScanQuery {
  /** The barcode written in each length it may be stored in (EAN and UPC columns alike). */
  readonly barcodes: readonly string[]
  /** Whether the barcode's GS1 check digit is right; null when the code is no barcode length. */
  readonly checkDigitOk: boolean | null
  /** A set number with its variant, as stored (`75192-1`). */
  readonly fullNumber: string | null
  /** A set number without a variant: its `-1`, or any variant when it has no `-1`. */
  readonly number: string | null
}

const BARCODE_LENGTHS = [8, 12, 13, 14]
const STORED_LENGTHS = [12, 13, 14]

/** GS1's check digit rule (EAN-8, UPC-A, EAN-13 and GTIN-14 alike): weights 3 and 1 from the right. */
function gs1CheckDigitOk(digits: string): boolean {
  const body = digits.slice(0, -1)
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - 1 - i
    sum += Number(body[i]) * (fromRight % 2 === 0 ? 3 : 1)
  }
  return (10 - (sum % 10)) % 10 === Number(digits.slice(-1))
}

/**
 * The UPC-A an 8-digit UPC-E stands for (number system 0 or 1, six digits, check digit), or null.
 * Eight digits may as well be an EAN-8: the expansion counts only when its check digit holds.
 */
function upcA(upcE: string): string | null {
  const m = /^([01])(\d)(\d)(\d)(\d)(\d)(\d)(\d)$/.exec(upcE)
  if (!m) return null
  const [, ns = '', a = '', b = '', c = '', d = '', e = '', last = '', check = ''] = m
  const body =
    last <= '2'
      ? `${a}${b}${last}0000${c}${d}${e}`
      : last === '3'
        ? `${a}${b}${c}00000${d}${e}`
        : last === '4'
          ? `${a}${b}${c}${d}00000${e}`
          : `${a}${b}${c}${d}${e}0000${last}`
  const full = `${ns}${body}${check}`
  return gs1CheckDigitOk(full) ? full : null
}

function barcodeForms(digits: string): string[] {
  const forms = new Set<string>()
  const expanded = digits.length === 8 ? upcA(digits) : null
  for (const code of expanded === null ? [digits] : [digits, expanded]) {
    const core = code.replace(/^0+/, '')
    forms.add(code)
    for (const n of STORED_LENGTHS) if (core.length <= n) forms.add(core.padStart(n, '0'))
  }
  return [...forms]
}

/** The lookups a code asks for; a code that fits none asks for nothing (it is then unknown). */
export function parseScanCode(code: string): ScanQuery {
  const t = code.trim()
  const none: ScanQuery = { barcodes: [], checkDigitOk: null, fullNumber: null, number: null }
  if (/^\d[\d ]*$/.test(t)) {
    const digits = t.replace(/ /g, '')
    const barcode = BARCODE_LENGTHS.includes(digits.length)
    return {
      ...none,
      barcodes: barcode ? barcodeForms(digits) : [],
      checkDigitOk: barcode ? gs1CheckDigitOk(digits) || upcA(digits) !== null : null,
      // Spaces group a barcode's digits; a set number is typed in one piece.
      number: !t.includes(' ') && digits.length <= 8 ? digits : null
    }
  }
  const withVariant = /^([0-9A-Za-z]+)-(\d{1,4})$/.exec(t)
  if (withVariant) return { ...none, fullNumber: `${withVariant[1]}-${Number(withVariant[2])}` }
  if (/^[0-9A-Za-z]+$/.test(t)) return { ...none, number: t }
  return none
}
