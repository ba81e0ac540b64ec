import { openStore } from '../../src/main/store/connection'
import { countAllowanceCall } from '../../src/main/store/sync-state-repo'

/**
 * Child of lazy-commit.test.ts: counts `n` allowance calls, says so, then waits to be killed
 * (kill -9): what it counted must survive without its commits having waited for the disk.
 */
async function main(): Promise<void> {
  const [path = '', n = '0'] = process.argv.slice(2)
  const store = await openStore(path)
  store.write
    .prepare(
      `INSERT OR IGNORE INTO profiles (id, kind, label, base_url, created_at) VALUES (1, 'demo', 'Demo', 'https://demo.invalid', '2026-11-26T00:00:00Z')`
    )
    .run()
  for (let i = 0; i < Number(n); i++) countAllowanceCall(store.write, 1, '2026-11-26')
  process.stdout.write('counted\n')
  setInterval(() => undefined, 1000)
}
void main()
