// `npm run test:mutation`: Stryker over sync/ and collection/, one source file at a time. A whole
// run takes hours on two cores, longer than one sitting, so each file's summary is written to
// docs/mutation/ as soon as that file is done (commit them: they are the record the score in
// docs/benchmarks.md is read from), and a later run skips every file whose summary was made from
// the file as it is now: the score builds up across sittings (`--fresh` measures everything
// again). Files named on the command line go first, then files never measured, then files changed
// since their summary. `--score` prints the committed summaries alone: per file, then per folder,
// timeouts apart (scripts/mutation-summary.mjs).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  isCurrent,
  mutatedFiles,
  readSummary,
  scoreLines,
  summaryOf,
  writeSummary
} from './mutation-summary.mjs'

const root = process.cwd()
const FOLDERS = ['src/main/collection', 'src/main/sync']
const report = join(root, 'test-results', 'mutation', 'mutation.json')

function git(...args) {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' })
  return run.status === 0 ? run.stdout.trim() : 'unknown'
}

function runFile(file) {
  console.log(`${file}: mutating`)
  // The file as measured, read first: the summary is current while the file stays this.
  const source = readFileSync(join(root, file))
  const run = spawnSync('npx', ['stryker', 'run', '--mutate', file], { stdio: 'inherit' })
  if (run.status !== 0) return false
  const { files } = JSON.parse(readFileSync(report, 'utf8'))
  const core = JSON.parse(
    readFileSync(join(root, 'node_modules', '@stryker-mutator', 'core', 'package.json'), 'utf8')
  )
  writeSummary(
    root,
    summaryOf({
      file,
      // A file of types alone gives Stryker nothing to mutate, so its report names no file at all.
      entry: files[file],
      source,
      commit: git('rev-parse', 'HEAD'),
      date: new Date().toISOString(),
      tool: `Stryker ${core.version}, vitest.mutation.config.mts`
    })
  )
  return true
}

if (!process.argv.includes('--score')) {
  const fresh = process.argv.includes('--fresh')
  const done = new Set()
  // Asked afresh after every file: a file edited while the run goes on is measured again.
  // Files named on the command line go first (e.g. the quick ones, to make the most of a sitting).
  const named = process.argv.slice(2).filter((a) => !a.startsWith('--'))
  // Then files never measured, then those changed since their summary.
  const never = (f) => readSummary(root, f) === undefined
  const next = () => {
    const all = FOLDERS.flatMap((folder) => mutatedFiles(root, folder))
    const order = [...named, ...all.filter(never), ...all]
    return order.find((f) => !done.has(f) && (fresh || !isCurrent(root, f)))
  }
  for (let file = next(); file !== undefined; file = next()) {
    if (!runFile(file)) {
      console.error(`${file}: Stryker failed`)
      process.exit(1)
    }
    if (fresh) done.add(file)
  }
}
for (const line of scoreLines(root, FOLDERS, (folder) => mutatedFiles(root, folder))) {
  console.log(line)
}
