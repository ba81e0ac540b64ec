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

/** Rows one read takes; reads go on until the slice's time is up (about 2 ms each). */
const ROWS_PER_READ = 250
/** About how long a slice holds the thread (the main thread rule: ~10 ms a turn). */
const SLICE_MS = 8
/** Reads a slice takes at most, however fast they are: a fast machine still gives turns. */
const READS_PER_SLICE = 4

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

/** The next rows' texts with how often each occurs: themes repeat, and are split once. */
function readTexts(db: ReadDb, after: number, texts: Map<string, number>): number | null {
  const rows = all<{ id: number; name: string; theme: string; subtheme: string }>(
    db,
    sql`SELECT id, name, theme, subtheme FROM sets WHERE id > ${after}
        ORDER BY id LIMIT ${ROWS_PER_READ}`
  )
  for (const r of rows)
    for (const t of [r.name, r.theme, r.subtheme]) texts.set(t, (texts.get(t) ?? 0) + 1)
  const last = rows.at(-1)
  return last && rows.length === ROWS_PER_READ ? last.id : null
}

async function build(db: ReadDb): Promise<WordIndex> {
  const index = new WordIndex()
  let after: number | null = 0
  while (after !== null) {
    const start = performance.now()
    const texts = new Map<string, number>()
    for (let n = 0; after !== null && n < READS_PER_SLICE; n++) {
      after = readTexts(db, after, texts)
      if (performance.now() - start > SLICE_MS / 2) break
    }
    for (const [text, times] of texts) index.add(text, times)
    if (after !== null) await nextTurn()
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
