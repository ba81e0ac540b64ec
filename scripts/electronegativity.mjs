// npm run security:scan — Electronegativity over src/ (R-TEST-1). Fails on any finding that the
// reviewed baseline (scripts/electronegativity-baseline.json) does not accept, and reports baseline
// entries that no longer occur so they can be removed. Works offline: the check that downloads
// Electron's release list is skipped, and the Electron version is read from package.json.
// Options: --sarif <file> also keeps the SARIF report (default out/electronegativity.sarif).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, copyFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const root = join(import.meta.dirname, '..')
const argv = process.argv.slice(2)
const sarifOut = argv.includes('--sarif')
  ? argv[argv.indexOf('--sarif') + 1]
  : join(root, 'out', 'electronegativity.sarif')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const electronVersion = String(pkg.devDependencies?.electron ?? '').replace(/^[^\d]*/, '')
const baseline = JSON.parse(
  readFileSync(join(import.meta.dirname, 'electronegativity-baseline.json'), 'utf8')
)

const work = mkdtempSync(join(tmpdir(), 'studbook-en-'))
const report = join(work, 'report.sarif')
const cli = join(root, 'node_modules/@doyensec/electronegativity/dist/index.js')
const result = spawnSync(
  process.execPath,
  [
    cli,
    '-i',
    join(root, 'src'),
    '-r',
    '-v',
    'false',
    '-e',
    electronVersion,
    '-x',
    'AvailableSecurityFixesGlobalCheck',
    '-o',
    report
  ],
  { cwd: root, encoding: 'utf8' }
)
if (result.status !== 0 || !existsSync(report)) {
  console.error(result.stdout, result.stderr)
  console.error('security:scan: electronegativity did not produce a report')
  process.exit(1)
}

const sarif = JSON.parse(readFileSync(report, 'utf8'))
const findings = sarif.runs.flatMap((run) =>
  run.results.map((r) => {
    const location = r.locations?.[0]?.physicalLocation
    return {
      rule: r.ruleId,
      level: r.level,
      file: String(location?.artifactLocation?.uri ?? '').replace(/^file:\/\//, ''),
      line: location?.region?.startLine ?? 0
    }
  })
)
mkdirSync(dirname(sarifOut), { recursive: true })
copyFileSync(report, sarifOut)
rmSync(work, { recursive: true, force: true })

const key = (f) => `${f.rule} ${f.file}`
const counts = new Map()
for (const f of findings) counts.set(key(f), [...(counts.get(key(f)) ?? []), f])
const accepted = new Map(baseline.findings.map((b) => [key(b), b]))

const unreviewed = []
for (const [k, list] of counts) {
  const allowed = accepted.get(k)?.count ?? 0
  if (list.length > allowed) unreviewed.push(...list.slice(allowed))
}
const stale = baseline.findings.filter((b) => (counts.get(key(b))?.length ?? 0) < b.count)

console.log(
  `security:scan: ${findings.length} findings, ${findings.length - unreviewed.length} reviewed in the baseline`
)
for (const s of stale)
  console.warn(`  ! baseline entry no longer needed: ${s.rule} in ${s.file} (expected ${s.count})`)
if (unreviewed.length > 0) {
  for (const f of unreviewed) console.error(`  ✗ ${f.rule} (${f.level}) at src/${f.file}:${f.line}`)
  console.error(
    'security:scan: fix these, or review them and add them to scripts/electronegativity-baseline.json'
  )
  process.exit(1)
}
console.log(`security:scan: OK (SARIF at ${sarifOut})`)
