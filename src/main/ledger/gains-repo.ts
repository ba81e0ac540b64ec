import type { GainGrouping } from '../../shared/model/ledger'
import type { ReadDb } from '../store/handles'
import { all, get } from '../store/handles'
import { raw, sql } from '../store/sql'
import type { Sql } from '../store/sql'
import { liveCopiesWithSets } from '../collection/index'
import { gainCurrency, standing } from './ledger-repo'

/**
 * Gains, one SQL statement per table, summed per group AND currency: amounts in two currencies
 * are never added. Realised: the standing entries (proceeds - paid - additional). Unrealised:
 * the copies still held (in the collection, not deleted, with no standing entry), valued at their
 * estimated value, else at what was paid (a gain of 0, and counted as unestimated). Copies with
 * no price and no estimate add nothing and are not counted (blank records the quantity made).
 */

export interface GainSqlRow {
  key: string
  label: string
  currency: string
  copies: number
  paid: number
  value: number
  gain: number
  unestimated: number
}

// Keys chosen by code, never by the caller's text.
const REALISED_KEY: Readonly<Record<GainGrouping | 'total', Sql>> = {
  set: raw(`e.set_number`),
  theme: raw(`e.theme`),
  year: raw(`substr(e.disposed_on, 1, 4)`),
  total: raw(`''`)
}
const NO_LABEL = raw(`''`)
/** Only a set's group has a label, its name: a theme or a year is named by its key. */
const labelOfSet = (name: Sql): Readonly<Record<GainGrouping | 'total', Sql>> => ({
  set: name,
  theme: NO_LABEL,
  year: NO_LABEL,
  total: NO_LABEL
})
const REALISED_LABEL = labelOfSet(raw(`max(e.set_name)`))

export function realisedGains(
  db: ReadDb,
  profileId: number,
  by: GainGrouping | 'total',
  limit: number
): GainSqlRow[] {
  const key = REALISED_KEY[by]
  const cur = gainCurrency
  return all<GainSqlRow>(
    db,
    sql`SELECT ${key} AS key, ${REALISED_LABEL[by]} AS label, ${cur} AS currency,
          count(*) AS copies,
          sum(e.price_paid + e.additional_price_paid) AS paid,
          sum(e.proceeds) AS value,
          sum(e.proceeds - e.price_paid - e.additional_price_paid) AS gain,
          0 AS unestimated
        FROM ledger_entries e
        WHERE e.profile_id = ${profileId} AND ${standing} AND (${cur}) IS NOT NULL
        GROUP BY 1, 3 ORDER BY 1, 3 LIMIT ${limit}`
  )
}

/** Standing entries whose proceeds are in another currency than what was paid. */
export function mixedCurrencyCount(db: ReadDb, profileId: number): number {
  return (
    get<{ n: number }>(
      db,
      sql`SELECT count(*) AS n FROM ledger_entries e
          WHERE e.profile_id = ${profileId} AND ${standing} AND (${gainCurrency}) IS NULL`
    )?.n ?? 0
  )
}

const UNREALISED_KEY: Readonly<Record<GainGrouping | 'total', Sql>> = {
  set: raw(`coalesce(s.full_number, 'set ' || c.set_id)`),
  theme: raw(`coalesce(s.theme, '')`),
  year: raw(`CASE WHEN c.date_acquired GLOB '[0-9][0-9][0-9][0-9]-*'
    THEN substr(c.date_acquired, 1, 4) ELSE '' END`),
  total: raw(`''`)
}
const UNREALISED_LABEL = labelOfSet(raw(`coalesce(max(s.name), '')`))

export function unrealisedGains(
  db: ReadDb,
  profileId: number,
  by: GainGrouping | 'total',
  limit: number
): GainSqlRow[] {
  const key = UNREALISED_KEY[by]
  const paid = sql`(c.price_paid + c.additional_price_paid)`
  return all<GainSqlRow>(
    db,
    sql`SELECT ${key} AS key, ${UNREALISED_LABEL[by]} AS label, c.currency AS currency,
          count(*) AS copies,
          sum(${paid}) AS paid,
          sum(CASE WHEN c.current_estimated_value > 0 THEN c.current_estimated_value
            ELSE ${paid} END) AS value,
          sum(CASE WHEN c.current_estimated_value > 0 THEN c.current_estimated_value - ${paid}
            ELSE 0 END) AS gain,
          sum(c.current_estimated_value <= 0) AS unestimated
        ${liveCopiesWithSets(profileId)}
          AND (c.price_paid > 0 OR c.additional_price_paid > 0 OR c.current_estimated_value > 0)
          AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.profile_id = c.profile_id
            AND e.local_id = c.local_id AND ${standing})
        GROUP BY 1, 3 ORDER BY 1, 3 LIMIT ${limit}`
  )
}
