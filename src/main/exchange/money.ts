import { AppError } from '../../shared/errors'
import { RowError } from './cells'

export type DecimalMark = '.' | ','

/** Longest first: `US$` before `$`. `$` alone is the US dollar, as BrickEconomy's US guide writes it. */
const SYMBOLS: readonly (readonly [string, string])[] = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['AU$', 'AUD'],
  ['A$', 'AUD'],
  ['NZ$', 'NZD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['$', 'USD'],
  ['¥', 'JPY'],
  ['zł', 'PLN'],
  ['Kč', 'CZK'],
  ['CHF', 'CHF'],
  ['Fr.', 'CHF']
]

/** The currency written on a money cell, and the number left once it is taken off. */
function splitCurrency(text: string): { number: string; currency: string | null } {
  let t = text.replace(/[\s\u00a0\u202f]/g, '')
  const code = /^([A-Z]{3})(?=[\d.,-])|(?<=[\d.,])([A-Z]{3})$/.exec(t)
  if (code) {
    return { number: t.replace(code[0], ''), currency: code[1] ?? code[2] ?? null }
  }
  for (const [symbol, currency] of SYMBOLS) {
    if (t.startsWith(symbol)) return { number: t.slice(symbol.length), currency }
    if (t.endsWith(symbol)) return { number: t.slice(0, -symbol.length), currency }
  }
  t = t.replace(/^[^\d.,-]+|[^\d.,]+$/g, (junk) => {
    throw new RowError(`"${junk}" is not a currency this import knows (in "${text.trim()}").`)
  })
  return { number: t, currency: null }
}

/** Which mark a number uses for decimals, when the number itself shows it. */
function markOf(number: string): DecimalMark | null {
  const lastPoint = number.lastIndexOf('.')
  const lastComma = number.lastIndexOf(',')
  if (lastPoint >= 0 && lastComma >= 0) return lastPoint > lastComma ? '.' : ','
  const only = lastPoint >= 0 ? '.' : lastComma >= 0 ? ',' : null
  if (only === null) return null
  if (number.split(only).length > 2) return only === '.' ? ',' : '.'
  // One mark with three digits after it (1,234 or 1.234) could be either.
  return number.length - number.lastIndexOf(only) - 1 === 3 ? null : only
}

/**
 * The decimal mark of a file's money, decided by the file as a whole (40,08 € against $1,050.00).
 * A file showing both is refused; one showing neither uses the fallback.
 */
export function readDecimalMark(
  cells: readonly { line: number; text: string }[],
  fallback: DecimalMark
): DecimalMark {
  let comma: { line: number; text: string } | null = null
  let point: { line: number; text: string } | null = null
  for (const cell of cells) {
    if (cell.text.trim() === '') continue
    let number: string
    try {
      number = splitCurrency(cell.text).number
    } catch {
      continue
    }
    const mark = markOf(number)
    if (mark === ',') comma ??= cell
    if (mark === '.') point ??= cell
  }
  if (comma && point) {
    throw new AppError(
      'invalid_input',
      `The amounts in this file use both decimal commas (line ${comma.line}: ${comma.text}) and ` +
        `decimal points (line ${point.line}: ${point.text}); correct the file and try again.`,
      { field: 'content' }
    )
  }
  return comma ? ',' : point ? '.' : fallback
}

interface Money {
  readonly amount: number
  /** ISO code from the symbol or code written on the amount; null when it had none. */
  readonly currency: string | null
}

/** A money cell (`40,08 €`, `$1,050.00`, `12.5`) read with the file's decimal mark; blank is 0. */
export function readMoney(text: string, column: string, mark: DecimalMark): Money {
  if (text.trim() === '') return { amount: 0, currency: null }
  const { number, currency } = splitCurrency(text)
  const thousands = mark === '.' ? ',' : '.'
  const plain = number.split(thousands).join('').replace(mark, '.')
  if (!/^\d+(\.\d+)?$/.test(plain)) {
    throw new RowError(
      `"${column}" is not an amount of money (found "${text.trim().slice(0, 30)}").`
    )
  }
  const amount = Number(plain)
  if (amount > 1e9) throw new RowError(`"${column}" is more than this import can keep.`)
  return { amount, currency }
}
