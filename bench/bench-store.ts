import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createProfiles, defaultClientFactory } from '../src/main/account/profiles'
import type { Profiles } from '../src/main/account/profiles'
import { createMemoryStore } from '../src/main/credentials/index'
import { openStore } from '../src/main/store/connection'
import type { Store } from '../src/main/store/connection'

/**
 * A fresh data folder with a database and one profile for `baseUrl`, secrets in memory: what a
 * benchmark of the store starts from. The caller removes `dir`.
 */
export async function benchStore(
  name: string,
  baseUrl: string
): Promise<{ dir: string; store: Store; profiles: Profiles }> {
  const dir = mkdtempSync(join(tmpdir(), `studbook-bench-${name}-`))
  const store = await openStore(join(dir, 'studbook.db'))
  const profiles = await createProfiles({
    store,
    credentials: createMemoryStore(),
    createClient: defaultClientFactory,
    demo: () => Promise.reject(new Error('the benchmark never uses the demo')),
    initial: { baseUrl, binding: 'auto' }
  })
  return { dir, store, profiles }
}
