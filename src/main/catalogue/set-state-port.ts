import type { Sql } from '../store/sql'

/**
 * What a catalogue list of sets needs of the user's state, as SQL over `sets s`. The collection
 * owns those tables (set_state, outbox) and implements this port; the caller passes it in, since
 * the collection imports the catalogue and an import back would be a cycle. The scan lookup takes
 * it today; search, facets and set detail still read the tables themselves (docs/architecture.md,
 * "Tables and their owners").
 */
export interface SetStateSql {
  /** FROM: `sets s` with each set's user state beside it; a set with none is still listed. */
  readonly setsWithState: Sql
  /** A SummaryRow's state columns: owned, wanted, qty_owned, notes, user_rating, flags, edit_states. */
  readonly stateColumns: Sql
}
