// `npm run test:mutation`: Stryker over sync/ and collection/, one source file at a time. A whole
// run takes hours on two cores, longer than one sitting, so each file's report is kept as soon as
// that file is done, and a later run skips every file whose newest report is newer than the file:
// the score builds up across sittings (`--fresh` measures everything again). Files named on the
// command line go first, then files never measured, then files changed since their report. The
// newest report of each file is summed into one score per folder (`--score` prints it alone).
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { basename, join, relative } from 'node:path'

const root = process.cwd()
const outDir = join(root, 'test-results', 'mutation')
const partsDir = join(outDir, 'parts')
const FOLDERS = ['src/main/collection', 'src/main/sync']

function tsFiles(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return tsFiles(path)
    if (!e.name.endsWith('.ts') || e.name === 'index.ts' || e.name.endsWith('-types.ts')) return []
    return [path]
  })
}

/** Each kept report, newest first, with the files it measured. */
function reports() {
  return readdirSync(partsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const path = join(partsDir, f)
      const report = JSON.parse(readFileSync(path, 'utf8'))
      return { at: statSync(path).mtimeMs, files: report.files }
    })
    .sort((a, b) => b.at - a.at)
}

/** Where one file's own report is kept. */
function partOf(file) {
  const name = relative('src/main', file).replaceAll('/', '_').replace(/\.ts$/, '')
  return join(partsDir, `${name}.json`)
}

function measured(file) {
  const changed = statSync(join(root, file)).mtimeMs
  // A file of types alone gives Stryker nothing to mutate, so its report names no file at all.
  if (existsSync(partOf(file)) && statSync(partOf(file)).mtimeMs > changed) return true
  const newest = reports().find((r) => file in r.files)
  return newest !== undefined && newest.at > changed
}

function runFile(file) {
  console.log(`${file}: mutating`)
  const run = spawnSync('npx', ['stryker', 'run', '--mutate', file], { stdio: 'inherit' })
  if (run.status !== 0) return false
  copyFileSync(join(outDir, 'mutation.json'), partOf(file))
  return true
}

function tally() {
  const newestOf = new Map()
  for (const r of reports().reverse()) {
    for (const [file, entry] of Object.entries(r.files)) newestOf.set(file, entry.mutants)
  }
  const byFolder = new Map()
  for (const folder of FOLDERS) {
    const t = { files: 0, of: 0, killed: 0, survived: 0, noCoverage: 0, other: 0 }
    for (const file of tsFiles(folder)) {
      t.of++
      const mutants = newestOf.get(file) ?? (measured(file) ? [] : undefined)
      if (mutants === undefined) {
        console.log(`  ${file}: not measured yet`)
        continue
      }
      t.files++
      const f = { killed: 0, scored: 0 }
      for (const m of mutants) {
        const killed = m.status === 'Killed' || m.status === 'Timeout'
        if (killed) t.killed++
        else if (m.status === 'Survived') t.survived++
        else if (m.status === 'NoCoverage') t.noCoverage++
        else t.other++
        if (killed || m.status === 'Survived' || m.status === 'NoCoverage') f.scored++
        if (killed) f.killed++
      }
      if (f.scored === 0) {
        console.log(`  ${file}: nothing to mutate`)
        continue
      }
      console.log(`  ${file}: ${((100 * f.killed) / f.scored).toFixed(1)} % of ${f.scored} mutants`)
    }
    byFolder.set(basename(folder), t)
  }
  for (const [folder, t] of byFolder) {
    const scored = t.killed + t.survived + t.noCoverage
    const score = scored === 0 ? 0 : (100 * t.killed) / scored
    console.log(
      `${folder}/: ${score.toFixed(1)} % over ${t.files} of ${t.of} files (${t.killed} killed or ` +
        `timed out, ${t.survived} survived, ${t.noCoverage} not covered, ${t.other} not scored)`
    )
  }
}

mkdirSync(partsDir, { recursive: true })
if (!process.argv.includes('--score')) {
  const fresh = process.argv.includes('--fresh')
  const done = new Set()
  // Asked afresh after every file: a file edited while the run goes on is measured again.
  // Files named on the command line go first (e.g. the quick ones, to make the most of a sitting).
  const named = process.argv.slice(2).filter((a) => !a.startsWith('--'))
  // Then files never measured, then those changed since their report.
  const never = (f) => !existsSync(partOf(f)) && !reports().some((r) => f in r.files)
  const next = () => {
    const all = FOLDERS.flatMap(tsFiles)
    const order = [...named, ...all.filter(never), ...all]
    return order.find((f) => !done.has(f) && (fresh ? true : !measured(f)))
  }
  for (let file = next(); file !== undefined; file = next()) {
    if (!runFile(file)) {
      console.error(`${file}: Stryker failed`)
      process.exit(1)
    }
    if (fresh) done.add(file)
  }
}
if (existsSync(partsDir)) tally()
