// `npm run test:mutation`: Stryker over sync/ and collection/, one part at a time. A whole run
// takes hours on two cores, so each part keeps its own report and a later run skips every part
// whose report is newer than its sources and tests: the score builds up across sittings. Then
// all parts' reports are summed into one score per folder (`--score` prints it without running).
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = process.cwd()
const outDir = join(root, 'test-results', 'mutation')
const partsDir = join(outDir, 'parts')

/** The folders under test, each split so that one part runs in well under an hour. */
const PARTS = [
  ['sync-push', 'src/main/sync/push'],
  ['sync-pull', 'src/main/sync/pull'],
  ['sync-top', 'src/main/sync', false],
  ['collection', 'src/main/collection']
]

function tsFiles(dir, deep = true) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return deep ? tsFiles(path) : []
    if (!e.name.endsWith('.ts') || e.name === 'index.ts' || e.name.endsWith('-types.ts')) return []
    return [path]
  })
}

function newestInput(files) {
  const inputs = [...files, ...tsFiles('test/sync'), ...tsFiles('test/collection')]
  return Math.max(...inputs.map((f) => statSync(join(root, f)).mtimeMs))
}

function runPart(name, files) {
  const report = join(partsDir, `${name}.json`)
  if (existsSync(report) && statSync(report).mtimeMs > newestInput(files)) {
    console.log(`${name}: up to date`)
    return true
  }
  console.log(`${name}: ${files.length} files`)
  const args = ['stryker', 'run', '--mutate', files.join(',')]
  const run = spawnSync('npx', args, { stdio: 'inherit' })
  if (run.status !== 0) return false
  copyFileSync(join(outDir, 'mutation.json'), report)
  return true
}

function tally() {
  const byFolder = new Map()
  for (const part of readdirSync(partsDir).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(join(partsDir, part), 'utf8'))
    for (const [file, { mutants }] of Object.entries(report.files)) {
      const folder = relative('src/main', file).split('/')[0]
      const t = byFolder.get(folder) ?? { killed: 0, survived: 0, noCoverage: 0, other: 0 }
      for (const m of mutants) {
        if (m.status === 'Killed' || m.status === 'Timeout') t.killed++
        else if (m.status === 'Survived') t.survived++
        else if (m.status === 'NoCoverage') t.noCoverage++
        else t.other++
      }
      byFolder.set(folder, t)
    }
  }
  for (const [folder, t] of byFolder) {
    const scored = t.killed + t.survived + t.noCoverage
    const score = scored === 0 ? 0 : (100 * t.killed) / scored
    console.log(
      `${folder}/: ${score.toFixed(1)} % (${t.killed} killed or timed out, ${t.survived} survived, ` +
        `${t.noCoverage} not covered, ${t.other} not scored)`
    )
  }
}

mkdirSync(partsDir, { recursive: true })
if (!process.argv.includes('--score')) {
  for (const [name, dir, deep] of PARTS) {
    if (!runPart(name, tsFiles(dir, deep !== false))) {
      console.error(`${name}: Stryker failed`)
      process.exit(1)
    }
  }
}
tally()
