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
/**
 * While the catalogue keeps changing, a re-read only adds the sets stored since the last read (a
 * sync appends them: `sets.id` only grows). A first demo run at 20,000 sets read 46,000-64,000
 * rows, the whole catalogue each second, the last time just after it became searchable, when
 * searches are measured (issue #25). Sets changed in place (a rename) or removed are only seen by
 * a read of the whole catalogue, which the first search after the catalogue has stayed unchanged
 * this long starts (behind it, as any re-read). Long enough that it falls after a first sync's
 * other phases: with 2 s it ran while the demo's figures still loaded (a 20,000-row read in the
 * window where searches are measured), and a rename missed a while costs one candidate at most.
 */
const SETTLE_MS = 10_000

interface State {
  index: WordIndex | null
  /** The catalogue generation `index` was read at. */
  readAt: number
  /** The highest `sets.id` read into `index`: an extension reads from there. */
  readTo: number
  /** Whether `index` was extended since its last whole read: changes in place may be missing. */
  extended: boolean
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
 * Reads the next rows after `after`: each name into the index, and each theme and subtheme into
 * `grouped` with how often it occurs, as they repeat across the catalogue and are split once, at
 * the end of the build (split per read of 50 rows, they doubled a build's time). The highest id
 * read, and whether the table ended.
 */
function readInto(
  db: ReadDb,
  after: number,
  index: WordIndex,
  grouped: Map<string, number>
): { to: number; end: boolean } {
  const rows = all<{ id: number; name: string; theme: string; subtheme: string }>(
    db,
    sql`SELECT id, name, theme, subtheme FROM sets WHERE id > ${after}
        ORDER BY id LIMIT ${ROWS_PER_READ}`
  )
  for (const r of rows) {
    index.add(r.name)
    for (const t of [r.theme, r.subtheme]) grouped.set(t, (grouped.get(t) ?? 0) + 1)
  }
  return { to: rows.at(-1)?.id ?? after, end: rows.length < ROWS_PER_READ }
}

/**
 * Reads the sets after id `progress.to` into `index`, in slices, and keeps `progress.to` at the
 * highest id read so far (an extension that fails half way knows where it got to).
 */
async function build(db: ReadDb, index: WordIndex, progress: { to: number }): Promise<WordIndex> {
  const grouped = new Map<string, number>()
  for (let end = false; !end;) {
    // First of all: the caller (a search) answers in this turn, the read begins on the next.
    await nextTurn()
    const start = performance.now()
    for (let n = 0; !end && n < READS_PER_SLICE; n++) {
      const read = readInto(db, progress.to, index, grouped)
      progress.to = read.to
      end = read.end
      if (performance.now() - start >= SLICE_MS) break
    }
  }
  // Themes and subthemes: a few thousand at most, split as many a slice as names are.
  const texts = [...grouped]
  for (let i = 0; i < texts.length; i += ROWS_PER_READ * READS_PER_SLICE) {
    await nextTurn()
    for (const [text, times] of texts.slice(i, i + ROWS_PER_READ * READS_PER_SLICE)) {
      index.add(text, times)
    }
  }
  return index
}

/** Reads the catalogue again: the whole of it, or (`extend`) the sets added since the last read. */
function rebuild(db: ReadDb, state: State, extend: boolean): Promise<WordIndex> {
  if (state.building) return state.building
  const at = generationOf(db)
  const started = performance.now()
  // An extension adds to the index in use: a search meanwhile sees some of the new words.
  const into = extend && state.index !== null ? state.index : null
  const progress = { to: into === null ? 0 : state.readTo }
  const building = build(db, into ?? new WordIndex(), progress).then(
    (index) => {
      state.index = index
      state.readAt = at
      state.readTo = progress.to
      state.extended = into !== null
      state.builtAt = performance.now()
      state.buildMs = state.builtAt - started
      state.building = null
      return index
    },
    (e: unknown) => {
      if (into !== null) state.readTo = progress.to
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
    state = {
      index: null,
      readAt: -1,
      readTo: 0,
      extended: false,
      building: null,
      builtAt: 0,
      buildMs: 0
    }
    states.set(db, state)
  }
  const { index } = state
  if (index === null) return rebuild(db, state, false)
  const now = performance.now()
  if (state.readAt !== generationOf(db)) {
    const due = state.builtAt + Math.max(REREAD_MIN_MS, REREAD_AFTER * state.buildMs)
    if (now >= due) void rebuild(db, state, true).catch(() => undefined)
  } else if (state.extended && now >= state.builtAt + SETTLE_MS) {
    void rebuild(db, state, false).catch(() => undefined)
  }
  return index
}

/** The word index as of the catalogue now (read whole), waiting for it to be read if it changed. */
export async function freshFuzzyWords(db: ReadDb): Promise<WordIndex> {
  for (;;) {
    const index = await fuzzyWords(db)
    const state = states.get(db)
    if (state === undefined) continue
    if (state.readAt === generationOf(db) && !state.extended && state.index === index) return index
    await rebuild(db, state, false)
  }
}
