import { AppError } from '../../../shared/errors'
import { flatSetOfV3 } from '../../../shared/protocol/v3-set-records'
import type { V3SetsAnswer } from '../../../shared/protocol/v3-set-records'
import { v3PageRefusal } from '../../../shared/protocol/v3-sets'
import type { RecordRejection } from '../../../shared/protocol/record-tolerance'
import type { V3Set } from '../../../shared/protocol/v3-sets'
import type { CatalogueSetInput } from '../../catalogue/index'
import { isAwayList } from '../../service/away-list'
import type { AwayList } from '../../service/away-list'

/** v3 is optional on a service: these errors say "not offered here", so a pull degrades to v2. */
export function v3Unavailable(e: unknown): boolean {
  return (
    e instanceof AppError &&
    [
      'binding_unsupported',
      'server_error',
      'soap_fault_client',
      'unexpected_empty_body',
      'bad_json',
      'not_found'
    ].includes(e.code)
  )
}

/**
 * A v3 read of the user's collection or of the figures that this service will not answer: not
 * offered (above), refused in-band for any reason but the credentials or the allowance
 * (production answers `No valid parameters` for some), or an ASP.NET error page, which is how a
 * server may answer an operation it lacks (docs/protocol.md §4). Such a read falls back to v2 or
 * keeps what the app holds; it never ends the sync, which would then end every sync after it.
 */
export function v3CannotAnswer(e: unknown): boolean {
  return (
    v3Unavailable(e) ||
    (e instanceof AppError && (e.code === 'service_error' || e.code === 'html_error_page'))
  )
}

/**
 * A set of a production v3 getSets page as the flat record v2 gives (the one reading, in
 * src/shared/protocol/v3-set-records.ts, that the client's decoder applies to every page).
 */
export function setFromV3(s: V3Set): CatalogueSetInput {
  return flatSetOfV3(s)
}

interface CataloguePage {
  /** The query's total (production's `matches`), not the page length. */
  readonly matches: number
  readonly sets: readonly CatalogueSetInput[]
  /** Records of the page left out (counted, logged; the page's length is sets + rejected). */
  readonly rejected: readonly RecordRejection[]
}

/**
 * A v3 getSets answer as the flat records the catalogue stores, or null when the service sent no
 * page at all (an empty body), which the pull reads as "v3 not here". The client's decoder has
 * checked and read every record already (off the main thread for a large page). Records it could
 * not read are left out and handed back to be counted; only a page where most fail is refused
 * whole with AppError `bad_record`, storing nothing of it (docs/protocol.md §4a).
 */
export function setsOfPage(answer: V3SetsAnswer | null | undefined): CataloguePage | null {
  if (answer === null || answer === undefined) return null
  const refusal = v3PageRefusal(answer.sets.length, answer.rejected)
  if (refusal !== null) throw refusal
  return {
    matches: answer.matches,
    sets: answer.sets.map((r) => r.flat),
    rejected: answer.rejected
  }
}

/** A catalogue page whose records may travel on a port to the set writer (sets.ts). */
type PageOrAway = Omit<CataloguePage, 'sets'> & {
  readonly sets: readonly CatalogueSetInput[] | AwayList
}

/**
 * `setsOfPage` of an answer asked with V3_SETS_AWAY: its records may have gone to a port, each
 * its `flat` record already (the answer's type does not know), and are left there.
 */
export function setsOfPageAway(answer: V3SetsAnswer | null | undefined): PageOrAway | null {
  const sets: unknown = answer?.sets
  if (answer === null || answer === undefined || !isAwayList(sets)) return setsOfPage(answer)
  const refusal = v3PageRefusal(sets.length, answer.rejected)
  if (refusal !== null) {
    sets.away.close()
    throw refusal
  }
  return { matches: answer.matches, sets, rejected: answer.rejected }
}

/** What a v3 getSets call of the catalogue asks: its sets' flat records sent to the writer. */
export const V3_SETS_AWAY = { list: 'sets', pick: 'flat' } as const
