#!/usr/bin/env node
// Sums Vitest JSON reports and the plain check steps into one closing line: `N passed, N failed`.
// Usage: summarize.mjs <steps.tsv> <report.json>...  (steps.tsv: "name<TAB>pass|fail" per line)
import { existsSync, readFileSync } from 'node:fs'

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
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  // A file that failed to load has no test results but counts as a failure.
  for (const suite of report.testResults ?? []) {
    if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) {
      failed++
      problems.push(`suite failed to run: ${suite.name}`)
    }
  }
}

for (const p of problems) console.log(p)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
