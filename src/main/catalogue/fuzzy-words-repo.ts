import type { ReadDb } from '../store/handles'
import { all } from '../store/handles'
import { catalogueGeneration, tracksCatalogue } from '../store/match-sets'
import { nextTurn } from '../store/slices'
import { sql } from '../store/sql'
import { WordIndex } from './fuzzy-index'

/**
 * The fuzzy word index of a connection's catalogue, read from `sets` in slices: 200,000 sets
 * take a few hundred ms to read, far over the main thread's ~10 ms a turn, so each slice reads and
 * splits a bounded run of rows and gives the event loop a turn before the next. No slice runs in
 * the turn of the search that asked for the read: in a first demo run a `catalog:search` that found
 * the index stale ran the first slice itself (up to 1,000 rows then), and that turn, 27 + 22 ms,
 * was the run's longest stall (issue #25).
 */

/** Rows one read takes: reading and splitting 50 took about 0.2 ms (20,000 sets, load 11). */
const ROWS_PER_READ = 50
/** Reads a slice takes at most, however fast they are: no turn reads more than 200 rows. */
const READS_PER_SLICE = 4
/**
 * A slice stops taking reads once it has held the thread this long: a search arriving meanwhile
 * waits for the slice, and its answer's budget is 5 ms (issue #25).
 */
const SLICE_MS = 2

/**
 * A stale index is read again at most once per this many times the last read's length (and never
 * sooner than REREAD_MIN_MS after it): a sync moves the catalogue with every page it stores, and
 * reading 20,000 sets again on each word search during it was a third of the main thread's time
 * while the catalogue loaded (issue #25). Between reads a search uses the index it has.
 */
const REREAD_AFTER = 10
const REREAD_MIN_MS = 1000

interface State {
  index: WordIndex | null
  /** The catalogue generation `index` was read at. */
  readAt: number
  building: Promise<WordIndex> | null
  /** When the last read ended (performance.now()), and how long it took. */
  builtAt: number
  buildMs: number
}

const states = new WeakMap<ReadDb, State>()

function generationOf(db: ReadDb): number {
  return tracksCatalogue(db) ? catalogueGeneration(db) : 0
}

/**
 * Reads the next rows after `after` into the index; their texts with how often each occurs first,
 * as themes repeat and are split once. The id to read on from, or null at the end.
 */
function readInto(db: ReadDb, after: number, index: WordIndex): number | null {
  const rows = all<{ id: number; name: string; theme: string; subtheme: string }>(
    db,
    sql`SELECT id, name, theme, subtheme FROM sets WHERE id > ${after}
        ORDER BY id LIMIT ${ROWS_PER_READ}`
  )
  const texts = new Map<string, number>()
  for (const r of rows)
    for (const t of [r.name, r.theme, r.subtheme]) texts.set(t, (texts.get(t) ?? 0) + 1)
  for (const [text, times] of texts) index.add(text, times)
  const last = rows.at(-1)
  return last && rows.length === ROWS_PER_READ ? last.id : null
}

async function build(db: ReadDb): Promise<WordIndex> {
  const index = new WordIndex()
  let after: number | null = 0
  while (after !== null) {
    // First of all: the caller (a search) answers in this turn, the read begins on the next.
    await nextTurn()
    const start = performance.now()
    for (let n = 0; after !== null && n < READS_PER_SLICE; n++) {
      after = readInto(db, after, index)
      if (performance.now() - start >= SLICE_MS) break
    }
  }
  return index
}

function rebuild(db: ReadDb, state: State): Promise<WordIndex> {
  if (state.building) return state.building
  const at = generationOf(db)
  const started = performance.now()
  const building = build(db).then(
    (index) => {
      state.index = index
      state.readAt = at
      state.builtAt = performance.now()
      state.buildMs = state.builtAt - started
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
 * change the last one is used while a fresh one is read behind it (no sooner than REREAD_AFTER
 * allows): a word missing for a while only means one fuzzy candidate fewer, since FTS still
 * decides which sets match.
 */
export async function fuzzyWords(db: ReadDb): Promise<WordIndex> {
  let state = states.get(db)
  if (!state) {
    state = { index: null, readAt: -1, building: null, builtAt: 0, buildMs: 0 }
    states.set(db, state)
  }
  const { index } = state
  if (index === null) return rebuild(db, state)
  const due = state.builtAt + Math.max(REREAD_MIN_MS, REREAD_AFTER * state.buildMs)
  if (state.readAt !== generationOf(db) && performance.now() >= due) {
    void rebuild(db, state).catch(() => undefined)
  }
  return index
}

/** The word index as of the catalogue now, waiting for it to be read again if it changed. */
export async function freshFuzzyWords(db: ReadDb): Promise<WordIndex> {
  for (;;) {
    const index = await fuzzyWords(db)
    const state = states.get(db)
    if (state?.readAt === generationOf(db) && state.index === index) return index
    if (state) await rebuild(db, state)
  }
}
