import type { Sql } from '../store/sql'

/**
 * What a catalogue list, search, facet count or set detail needs of the user's state, as SQL over
 * `sets s` and the state's alias `st`. The collection owns those tables (set_state, outbox) and
 * implements this port (collection/set-state-sql.ts); the caller passes it in, since the
 * collection imports the catalogue and an import back would be a cycle. Every member is fixed
 * text with no parameters, so the port travels to the facet worker as plain strings
 * (facet-worker.ts), and the statements SQLite runs are the text the catalogue wrote before.
 */
export interface SetStateSql {
  /** FROM: `sets s` with each set's user state beside it; a set with none is still listed. */
  readonly setsWithState: Sql
  /** FROM driven by the user's rows, each set found by its key (CROSS JOIN fixes the order). */
  readonly stateThenSets: Sql
  /** FROM: the user's rows joined to their sets, the planner choosing the order. */
  readonly stateWithSets: Sql
  /** Appended to a FROM holding `sets s`: the sets with a user state only. */
  readonly joinState: Sql
  /** Appended to a FROM holding `sets s`: every set, with its user state if any. */
  readonly leftJoinState: Sql
  /** A SummaryRow's state columns: owned, wanted, qty_owned, notes, user_rating, flags, edit_states. */
  readonly stateColumns: Sql
  /** The user's state row's profile and set keys, and its raw marks (null where `st` is absent). */
  readonly profileId: Sql
  readonly setId: Sql
  readonly owned: Sql
  readonly wanted: Sql
  readonly flags: Sql
  /** Filter clauses. `st.x = 1` lets SQLite turn a LEFT JOIN into one driven by the user's rows. */
  readonly isOwned: Sql
  readonly notOwned: Sql
  readonly isWanted: Sql
  readonly notWanted: Sql
}

/** The port as plain text, for a worker's workerData (functions and symbols do not travel). */
export type SetStateText = Readonly<Record<keyof SetStateSql, string>>
