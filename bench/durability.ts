import { runKillLoop } from '../test/durability/kill-loop'
import { machine, writeSection } from './doc-section'

/**
 * `npm run bench:durability`: the kill -9 loop of R-DB-2 at nightly length (500 kills by default,
 * DURABILITY_ITERATIONS overrides). Writes the "Durability" section of docs/benchmarks.md.
 */

async function main(): Promise<void> {
  const iterations = Number(process.env['DURABILITY_ITERATIONS'] ?? 500)
  const seed = Date.now()
  const r = await runKillLoop({ iterations, seed })
  const date = new Date().toISOString().slice(0, 10)
  console.log(
    `${r.iterations} kills, ${r.acked} acknowledged edits checked, ${r.failures.length} failures, ${(r.ms / 1000).toFixed(1)} s`
  )
  for (const f of r.failures.slice(0, 20)) console.log(`  ${f}`)
  writeSection(
    'Durability',
    `Measured ${date} on ${machine()}, by \`npm run bench:durability\` (bench/durability.ts, seed ${seed}).
A child process edits through the real edit path (collection:updateSet → one SQLite transaction with
state, outbox rows and journal; WAL, synchronous=FULL) and prints an ACK after each edit returns; the
parent kills it with SIGKILL at a random moment (0–120 ms after the child opened the database), then checks
\`integrity_check\` and that every acknowledged edit is in the local state and in the outbox (an edit's
notes and quantity together: a torn write would show). The same loop runs 50 times in CI
(test/durability/kill.test.ts).

| Kills | Acknowledged edits checked | Failures | Wall time |
|---:|---:|---:|---:|
| ${r.iterations} | ${r.acked} | ${r.failures.length} | ${(r.ms / 1000).toFixed(1)} s |`
  )
  process.exitCode = r.failures.length > 0 ? 1 : 0
}

void main()
