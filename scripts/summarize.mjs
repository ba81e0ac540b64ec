#!/usr/bin/env node
// Sums Vitest JSON reports and the plain check steps into one closing line: `N passed, N failed`.
// Usage: summarize.mjs <steps.tsv> <report.json>...  (steps.tsv: "name<TAB>pass|fail" per line)
import { existsSync, readFileSync } from 'node:fs'
import { basename, relative } from 'node:path'

const [stepsFile, ...reports] = process.argv.slice(2)
let passed = 0
let failed = 0
let skipped = 0
const problems = []

for (const line of readFileSync(stepsFile, 'utf8').split('\n').filter(Boolean)) {
  const [name, verdict] = line.split('\t')
  if (verdict === 'pass') passed++
  else {
    failed++
    problems.push(`step failed: ${name}`)
  }
}

for (const file of reports) {
  if (!existsSync(file)) {
    failed++
    problems.push(`no report: ${file} (the suite did not run)`)
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  const total = report.numTotalTests ?? 0
  if (total === 0) {
    failed++
    problems.push(`suite ran no test: ${file}`)
  }
  passed += report.numPassedTests ?? 0
  failed += report.numFailedTests ?? 0
  // Each run's own share (the node suite, its second time zone, e2e), above the closing line.
  console.log(
    `${basename(file)}: ${report.numPassedTests ?? 0} passed, ${report.numFailedTests ?? 0} failed`
  )
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  // A file that failed to load, or whose setup (beforeAll) failed, has no failed test of its own:
  // its tests are missing or marked skipped. It counts as a failure all the same.
  for (const suite of report.testResults ?? []) {
    const failures = (suite.assertionResults ?? []).filter((a) => a.status === 'failed')
    const own = failures.length
    // Named here, beside the closing line: CI shows only the end of a long log, and a failure
    // that scrolled past it could not be found again (stop 40's one failed test).
    for (const a of failures) {
      const why = String(a.failureMessages?.[0] ?? '').split('\n')[0]
      problems.push(
        `failed: ${relative(process.cwd(), suite.name)} > ${a.fullName ?? a.title}: ${why.slice(0, 300)}`
      )
    }
    if (suite.status === 'failed' && own === 0) {
      failed++
      problems.push(
        `suite failed to run: ${suite.name}: ${String(suite.message ?? '').slice(0, 200)}`
      )
    }
  }
}

for (const p of problems) console.log(p)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
