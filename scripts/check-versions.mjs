#!/usr/bin/env node
// R-XML-1: fast-xml-parser must be at least 5.5.7 (the 2026 advisories) and pinned exactly.
import { readFileSync } from 'node:fs'

const FLOOR = [5, 5, 7]
const installed = JSON.parse(
  readFileSync('node_modules/fast-xml-parser/package.json', 'utf8')
).version
const declared = JSON.parse(readFileSync('package.json', 'utf8')).devDependencies['fast-xml-parser']
const parts = installed.split('.').map(Number)
const atLeast =
  parts[0] !== FLOOR[0]
    ? parts[0] > FLOOR[0]
    : parts[1] !== FLOOR[1]
      ? parts[1] > FLOOR[1]
      : parts[2] >= FLOOR[2]
if (!atLeast) {
  console.error(`fast-xml-parser ${installed} is below the floor ${FLOOR.join('.')}`)
  process.exit(1)
}
if (!/^\d+\.\d+\.\d+$/.test(declared)) {
  console.error(
    `fast-xml-parser must be pinned to an exact version in package.json (found ${declared})`
  )
  process.exit(1)
}
console.log(`fast-xml-parser ${installed} (floor ${FLOOR.join('.')}, pinned)`)
