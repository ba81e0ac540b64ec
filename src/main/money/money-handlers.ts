import type { Handlers } from '../../shared/ipc/contract'
import { regionOf } from '../../shared/model/money'
import type { MoneyCurrencyDto, MoneyHistoryDto, MoneyPointDto } from '../../shared/model/money'
import { addDays } from '../../shared/model/watch-days'
import type { Store } from '../store/connection'
import { newestSnapshot, snapshotDays, snapshotRows, themesOfDay } from './money-repo'
import type { SnapshotRow } from './money-repo'

type MoneyChannels = 'money:getHistory'

type MoneyHandlers = {
  [K in MoneyChannels]: (input: Parameters<Handlers[K]>[0]) => Awaited<ReturnType<Handlers[K]>>
}

interface MoneyDeps {
  readonly store: Store
  readonly profileId: () => number
}

type Input = Parameters<Handlers['money:getHistory']>[0]

const amount = (cents: number): number => cents / 100

function point(day: string, r: SnapshotRow | undefined, hasRegion: boolean): MoneyPointDto {
  return {
    day,
    copies: r?.copies ?? 0,
    sets: r?.sets ?? 0,
    paid: amount(r?.paid_cents ?? 0),
    retail: hasRegion ? amount(r?.retail_cents ?? 0) : null,
    retailCopies: r?.retail_copies ?? 0,
    value: amount(r?.value_cents ?? 0),
    valueFallback: r?.value_fallback ?? 0
  }
}

/**
 * The snapshots of the last `days` days up to the newest, per currency (each its own series,
 * never added to another), for the whole collection or one theme. A day with a snapshot but no
 * copies in a currency is a zero: the snapshot found none.
 */
function history(deps: MoneyDeps, input: Input): MoneyHistoryDto {
  const db = deps.store.read
  const pid = deps.profileId()
  const newest = newestSnapshot(db, pid)
  if (!newest) return { theme: input.theme, snapshots: 0, latest: null, currencies: [], themes: [] }
  const from = addDays(newest.day, 1 - input.days)
  const days = snapshotDays(db, pid, from)
  const byCurrency = new Map<string, Map<string, SnapshotRow>>()
  for (const r of snapshotRows(db, pid, input.theme, from)) {
    const m = byCurrency.get(r.currency) ?? new Map<string, SnapshotRow>()
    m.set(r.day, r)
    byCurrency.set(r.currency, m)
  }
  const currencies: MoneyCurrencyDto[] = [...byCurrency.entries()].map(([currency, rows]) => {
    const region = regionOf(currency)
    return { currency, region, points: days.map((d) => point(d, rows.get(d), region !== null)) }
  })
  const themes = themesOfDay(db, pid, newest.day).map((r) => ({
    theme: r.theme,
    currency: r.currency,
    copies: r.copies,
    paid: amount(r.paid_cents),
    value: amount(r.value_cents)
  }))
  return {
    theme: input.theme,
    snapshots: days.length,
    latest: {
      day: newest.day,
      takenAt: newest.taken_at,
      reason: newest.reason,
      undetailed: newest.undetailed
    },
    currencies,
    themes
  }
}

/** The money view's channel: the value over time the snapshots recorded. */
export function createMoneyHandlers(deps: MoneyDeps): MoneyHandlers {
  return { 'money:getHistory': (input) => history(deps, input) }
}
