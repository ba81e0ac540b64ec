import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * `npm run bench`: every `bench:*` script in package.json, one after another (they measure time,
 * so they must not share the two cores). Each writes its own section of docs/benchmarks.md.
 */
const root = join(__dirname, '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>
}
const only = process.argv.slice(2)
const names = Object.keys(pkg.scripts)
  .filter((n) => n.startsWith('bench:'))
  .filter((n) => only.length === 0 || only.some((o) => n.includes(o)))

let failed = 0
for (const name of names) {
  console.log(`\n=== ${name}`)
  const result = spawnSync('npm', ['run', '--silent', name], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) {
    failed++
    console.error(`${name} failed with ${String(result.status)}`)
  }
}
console.log(`\n${String(names.length - failed)} benchmarks ran, ${String(failed)} failed`)
process.exitCode = failed > 0 ? 1 : 0
