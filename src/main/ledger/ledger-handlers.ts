import { AppError } from '../../shared/errors'
import type { Handlers } from '../../shared/ipc/contract'
import { GAINS_ROWS_MAX } from '../../shared/model/ledger'
import type { GainRowDto, LedgerEntryDto } from '../../shared/model/ledger'
import { localDay } from '../../shared/model/watch-days'
import type { EditDeps } from '../collection/index'
import { transaction } from '../store/handles'
import { dispose } from './dispose'
import { mixedCurrencyCount, realisedGains, unrealisedGains } from './gains-repo'
import type { GainSqlRow } from './gains-repo'
import { ledgerCsvPart } from './ledger-csv'
import {
  countStanding,
  deleteEntry,
  purgeDead,
  standingOfSet,
  standingPage,
  standingPageAfter
} from './ledger-repo'
import type { ListedRow, PageEnd } from './ledger-repo'

type LedgerChannels =
  | 'ledger:applyDisposal'
  | 'ledger:list'
  | 'ledger:listForSet'
  | 'ledger:getGains'
  | 'ledger:deleteEntry'
  | 'ledger:export'

export type LedgerHandlers = Pick<Handlers, LedgerChannels>

/** The host's save dialog: the shape of the exchange feature's FileChooser, which hosts fill. */
interface LedgerFileSaver {
  saveText(
    suggestedName: string,
    content: string,
    filters?: { name: string; extensions: string[] }[]
  ): Promise<{ saved: boolean; path?: string }>
}

interface LedgerDeps extends EditDeps {
  /** The host's file dialogs (Electron); null in the browser host, which downloads instead. */
  readonly files: LedgerFileSaver | null
}

/** Sums of REAL drift (0.1 + 0.2): amounts are shown and written to the cent. */
const cents = (n: number): number => Math.round(n * 100) / 100

function nextSlice(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

function entryDto(r: ListedRow): LedgerEntryDto {
  const paid = r.price_paid + r.additional_price_paid
  return {
    entryId: r.entry_id,
    localId: r.local_id,
    setID: r.set_id,
    setNumber: r.set_number,
    setName: r.set_name,
    theme: r.theme,
    setYear: r.set_year,
    kind: r.kind,
    disposedOn: r.disposed_on,
    proceeds: r.proceeds,
    proceedsCurrency: r.proceeds_currency,
    pricePaid: r.price_paid,
    additionalPricePaid: r.additional_price_paid,
    currency: r.currency,
    dateAcquired: r.date_acquired,
    conditionWhenAcquired: r.condition_when_acquired,
    conditionNow: r.condition_now,
    estimatedValue: r.estimated_value,
    note: r.note,
    deletedOnService: r.deleted_on_service === 1,
    copyStillHeld: r.held === 1,
    gain: r.gain_currency === null ? null : cents(r.proceeds - paid),
    gainCurrency: r.gain_currency ?? ''
  }
}

function gainDto(r: GainSqlRow): GainRowDto {
  return {
    key: r.key,
    label: r.label,
    currency: r.currency,
    copies: r.copies,
    paid: cents(r.paid),
    value: cents(r.value),
    gain: cents(r.gain),
    unestimated: r.unestimated
  }
}

/** Per currency, in code order: the sums of the groups (a group is in one currency). */
function totals(rows: readonly GainSqlRow[]): GainRowDto[] {
  const by = new Map<string, GainSqlRow>()
  for (const r of rows) {
    const t = by.get(r.currency)
    by.set(
      r.currency,
      t === undefined
        ? { ...r, key: '', label: '' }
        : {
            ...t,
            copies: t.copies + r.copies,
            paid: t.paid + r.paid,
            value: t.value + r.value,
            gain: t.gain + r.gain,
            unestimated: t.unestimated + r.unestimated
          }
    )
  }
  return [...by.values()]
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
    .map(gainDto)
}

/**
 * Rows read and written per slice when the whole ledger is written out: 500 held the loop over
 * 100 ms under load (bench/ledger.ts).
 */
const EXPORT_PAGE = 100

/**
 * The ledger's channels. A disposal is a write of the edit side (it may delete the copy through
 * the collection's edit path), so it announces like any edit; reads are bounded pages and one
 * grouped query per table, a slice each (bench/ledger.ts).
 */
export function createLedgerHandlers(deps: LedgerDeps): LedgerHandlers {
  const pid = (): number => deps.profileId()
  return {
    'ledger:applyDisposal': (input) => {
      const r = dispose(deps.store.write, pid(), input, deps.now())
      // The copy's row changes (gone, or marked disposed): every screen of the set reads again.
      deps.changed(r.setIDs.length > 0 ? r.setIDs : [input.setID])
      return { entryId: r.entryId, journalId: r.journalId }
    },
    'ledger:list': async ({ offset, limit }) => {
      const db = deps.store.read
      const p = pid()
      const total = countStanding(db, p)
      // The count and a page of up to 500 entries, each in its own slice.
      await nextSlice()
      return { offset, total, entries: standingPage(db, p, offset, limit).map(entryDto) }
    },
    'ledger:listForSet': ({ setID }) => standingOfSet(deps.store.read, pid(), setID).map(entryDto),
    'ledger:getGains': async ({ by }) => {
      const db = deps.store.read
      const p = pid()
      const limit = GAINS_ROWS_MAX + 1
      // One statement per slice: together they held the loop 40 ms under load (bench/ledger.ts).
      const realised = realisedGains(db, p, by, limit)
      await nextSlice()
      const unrealised = unrealisedGains(db, p, by, limit)
      await nextSlice()
      // The totals are the groups' sums per currency; only a cut table needs a query of its own.
      const realisedTotals =
        realised.length > GAINS_ROWS_MAX
          ? realisedGains(db, p, 'total', limit).map(gainDto)
          : totals(realised)
      const unrealisedTotals =
        unrealised.length > GAINS_ROWS_MAX
          ? unrealisedGains(db, p, 'total', limit).map(gainDto)
          : totals(unrealised)
      return {
        by,
        realised: realised.slice(0, GAINS_ROWS_MAX).map(gainDto),
        unrealised: unrealised.slice(0, GAINS_ROWS_MAX).map(gainDto),
        realisedTotals,
        unrealisedTotals,
        mixedCurrency: mixedCurrencyCount(db, p),
        truncated: realised.length > GAINS_ROWS_MAX || unrealised.length > GAINS_ROWS_MAX
      }
    },
    'ledger:deleteEntry': ({ entryId }) => {
      const db = deps.store.write
      const p = pid()
      const gone = transaction(db, () => deleteEntry(db, p, entryId))
      if (!gone) throw new AppError('not_found', 'That entry is no longer in the ledger.')
      deps.changed([])
      return null
    },
    'ledger:export': async ({ bom, saveWithDialog }) => {
      const db = deps.store.read
      const p = pid()
      const parts: string[] = []
      let rows = 0
      // One page per slice, in the list's order (newest disposal first), each read after the
      // last row of the one before: an entry made meanwhile neither repeats nor shifts a row.
      let after: PageEnd | null = null
      for (;;) {
        const page = standingPageAfter(db, p, after, EXPORT_PAGE)
        parts.push(ledgerCsvPart(page.map(entryDto), after === null, bom))
        rows += page.length
        const last = page.at(-1)
        if (page.length < EXPORT_PAGE || last === undefined) break
        after = last
        await nextSlice()
      }
      const filename = `studbook-ledger-${localDay(deps.now())}.csv`
      const content = parts.join('')
      let savedTo: string | null = null
      if (saveWithDialog && deps.files) {
        const r = await deps.files.saveText(filename, content, [
          { name: 'CSV', extensions: ['csv'] }
        ])
        savedTo = r.saved ? (r.path ?? filename) : null
      }
      return { filename, content, mime: 'text/csv', rows, savedTo }
    }
  }
}

/** Takes out entries no undo can bring back; run after each change of the data. */
export function purgeLedger(deps: Pick<EditDeps, 'store' | 'profileId'>): number {
  const db = deps.store.write
  return transaction(db, () => purgeDead(db, deps.profileId()))
}
