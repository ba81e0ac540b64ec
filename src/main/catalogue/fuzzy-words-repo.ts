import type { ReadDb } from '../store/handles'
import { all } from '../store/handles'
import { catalogueGeneration, tracksCatalogue } from '../store/match-sets'
import { nextTurn } from '../store/slices'
import { sql } from '../store/sql'
import { WordIndex } from './fuzzy-index'

/**
 * The fuzzy word index of a connection's catalogue, read from `sets` in slices: 200,000 sets
 * take a few hundred ms to read, far over the main thread's ~10 ms a turn, so each slice reads a
 * bounded run of rows and gives the event loop a turn before the next.
 */

/** Rows a slice reads: about 2-5 ms of reading and splitting words (bench/search-fuzzy.ts). */
const ROWS_PER_SLICE = 1500

interface State {
  index: WordIndex | null
  /** The catalogue generation `index` was read at. */
  readAt: number
  building: Promise<WordIndex> | null
}

const states = new WeakMap<ReadDb, State>()

function generationOf(db: ReadDb): number {
  return tracksCatalogue(db) ? catalogueGeneration(db) : 0
}

async function build(db: ReadDb): Promise<WordIndex> {
  const index = new WordIndex()
  let after = 0
  for (;;) {
    const rows = all<{ id: number; name: string; theme: string; subtheme: string }>(
      db,
      sql`SELECT id, name, theme, subtheme FROM sets WHERE id > ${after}
          ORDER BY id LIMIT ${ROWS_PER_SLICE}`
    )
    for (const r of rows) {
      index.add(r.name)
      index.add(r.theme)
      index.add(r.subtheme)
    }
    const last = rows.at(-1)
    if (!last || rows.length < ROWS_PER_SLICE) return index
    after = last.id
    await nextTurn()
  }
}

function rebuild(db: ReadDb, state: State): Promise<WordIndex> {
  if (state.building) return state.building
  const at = generationOf(db)
  const building = build(db).then(
    (index) => {
      state.index = index
      state.readAt = at
      state.building = null
      return index
    },
    (e: unknown) => {
      state.building = null
      throw e
    }
  )
  state.building = building
  return building
}

/**
 * The word index for a search now. The first one waits for it to be read; after a catalogue
 * change the last one is used while a fresh one is read behind it: a word missing for a moment
 * only means one fuzzy candidate fewer, since FTS still decides which sets match.
 */
export async function fuzzyWords(db: ReadDb): Promise<WordIndex> {
  let state = states.get(db)
  if (!state) {
    state = { index: null, readAt: -1, building: null }
    states.set(db, state)
  }
  const { index } = state
  if (index === null) return rebuild(db, state)
  if (state.readAt !== generationOf(db)) void rebuild(db, state).catch(() => undefined)
  return index
}
