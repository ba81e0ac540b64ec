import type { SetStateSql } from '../catalogue/index'
import { raw } from '../store/sql'

/**
 * The user's state of each set a catalogue list, search, facet count or set detail shows, as SQL
 * over `sets s`: the collection's implementation of the catalogue's SetStateSql port, so the
 * statements on set_state and outbox stay with their owner. The sync mark lists the states of the
 * set's outbox rows (outbox_by_set); the catalogue picks the worst (syncStateOf).
 */
const ON = 'st.profile_id = s.profile_id AND st.set_id = s.set_id'

export const setStateSql: SetStateSql = {
  setsWithState: raw(`sets s LEFT JOIN set_state st ON ${ON}`),
  stateThenSets: raw(`set_state st CROSS JOIN sets s ON ${ON}`),
  stateWithSets: raw(
    `set_state st
        JOIN sets s ON s.profile_id = st.profile_id AND s.set_id = st.set_id`
  ),
  joinState: raw(`JOIN set_state st ON ${ON}`),
  leftJoinState: raw(`LEFT JOIN set_state st ON ${ON}`),
  stateColumns: raw(`coalesce(st.owned, 0) AS owned, coalesce(st.wanted, 0) AS wanted,
  coalesce(st.qty_owned, 0) AS qty_owned, coalesce(st.notes, '') AS notes,
  coalesce(st.rating, 0) AS user_rating, coalesce(st.flags, 0) AS flags,
  (SELECT group_concat(DISTINCT o.state) FROM outbox o
     WHERE o.profile_id = s.profile_id AND o.set_id = s.set_id) AS edit_states`),
  profileId: raw('st.profile_id'),
  setId: raw('st.set_id'),
  owned: raw('st.owned'),
  wanted: raw('st.wanted'),
  flags: raw('st.flags'),
  isOwned: raw('st.owned = 1'),
  notOwned: raw('coalesce(st.owned, 0) = 0'),
  isWanted: raw('st.wanted = 1'),
  notWanted: raw('coalesce(st.wanted, 0) = 0')
}
