import { describe, expect, it } from 'vitest'
import { runSyncKillLoop } from './sync-kill-loop'

/**
 * Issue #26 item 3, "crashes at any moment". STUDBOOK_KILLS sets the number of kills (default 30,
 * to keep CI short; the run is STUDBOOK_KILLS=200 or more). A failure prints the seed;
 * STUDBOOK_KILL_SEED replays the kills at requests (kills after a time vary with the machine's
 * load), and STUDBOOK_KILL_LOG names a file for every child's lines.
 */
const kills = Number(process.env['STUDBOOK_KILLS'] ?? 30)
// Fixed seeds by default, so CI replays the same kills at requests: 20261126 (passed 250 kills)
// and 368338653, which stranded a new copy as "kept on this computer: the service gave it no
// id" until a new copy waited for a delete of its set (test/durability/stranded-copy.test.ts).
// STUDBOOK_KILL_SEED names others (comma-separated); `random` draws a new one.
const chosen = (process.env['STUDBOOK_KILL_SEED'] ?? '20261126,368338653').split(',')
// About one iteration in six restores a backup and is killed from its apply on (issue #26,
// "mid-restore"); STUDBOOK_KILL_RESTORES=0 leaves restores out, replaying a seed's path of before.
const restores = process.env['STUDBOOK_KILL_RESTORES'] !== '0'
const seeds = chosen.map((s) => (s.trim() === 'random' ? Date.now() % 2147483648 : Number(s)))

describe('kill -9 while editing and pushing, checked against the service', () => {
  it.each(seeds)(
    `seed %i, ${kills} kills at random moments: nothing lost, nothing twice, no false conflict, all drains`,
    async (seed) => {
      const log = process.env['STUDBOOK_KILL_LOG']
      const r = await runSyncKillLoop({ kills, seed, restores, ...(log ? { log } : {}) })
      console.info(
        `sync kill loop, seed ${seed}: ${r.kills} kills, ${r.midRequest} at a request ` +
          `(${r.midCopy} of a copy's details), ${r.restores} restores (${r.midRestore} killed ` +
          `inside: ${r.midRestoreNew} left the backup's, the rest the old), ` +
          `${r.acked} edits acknowledged, drained in ${r.rounds} rounds`
      )
      expect(r.failures, `seed ${seed}`).toEqual([])
      // The loop must have made edits and killed inside requests to the service, not only between.
      expect(r.acked).toBeGreaterThan(kills)
      expect(r.midRequest).toBeGreaterThan(kills / 4)
    },
    // ~1.3 s a kill when quiet: room for a machine at load 8 and more.
    60_000 + kills * 10_000
  )
})
