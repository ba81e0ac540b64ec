import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import type { EditSide } from '../../src/main/app/compose-edits'
import { createProfiles, defaultClientFactory } from '../../src/main/account/profiles'
import type { Profiles } from '../../src/main/account/profiles'
import { createMemoryStore } from '../../src/main/credentials/index'
import type { CredentialStore } from '../../src/main/credentials/index'
import type { EventBus } from '../../src/main/ipc/event-bus'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import { testEditSide } from '../collection/harness'

/** What a file of account tests shares; all but `svc` are there once beforeAll has run. */
export interface AccountRig {
  readonly svc: ReferenceService
  /** The reference service's address, listening on a port. */
  readonly url: string
  readonly store: Store
  /** Profiles with secrets in memory; the demo is the reference service in-process. */
  readonly profiles: Profiles
  /** The app's handlers (account, collection…) over `store` and `profiles`. */
  readonly side: EditSide
  /**
   * Closes the handlers and opens profiles and handlers again over the same database and keychain,
   * as a relaunch does.
   */
  restart(): Promise<void>
  /** Saves a custom profile at the service's address with the demo API key, as the form does. */
  saveProfile(): ReturnType<EditSide['handlers']['account:saveProfile']>
}

export interface AccountRigOptions {
  /** Sets in the reference service (20 unless given). */
  readonly sets?: number
  /** The keychain, opened again at each restart (in memory unless given). */
  readonly credentials?: () => Promise<CredentialStore>
  /** Where the handlers publish their events (a bus of their own unless given). */
  readonly events?: EventBus
}

/** The app's profiles over `store` whose demo profile is the reference service `svc`, in-process. */
export function profilesServedBy(
  store: Store,
  svc: ReferenceService,
  credentials: CredentialStore = createMemoryStore()
): Promise<Profiles> {
  return createProfiles({
    store,
    credentials,
    createClient: defaultClientFactory,
    demo: () => Promise.resolve({ fetch: (r: Request) => svc.handle(r), ...svc.demo })
  })
}

/**
 * The reference service of `seed` on a port and an app over a fresh database in a folder named
 * for the file: set up before the file's tests, closed and removed after them.
 */
export function accountRig(
  name: string,
  seed: number,
  options: AccountRigOptions = {}
): AccountRig {
  const svc = createReferenceService({ sets: options.sets ?? 20, seed })
  const dir = mkdtempSync(join(tmpdir(), `studbook-${name}-`))
  let server: { url: string; close(): Promise<void> } | null = null
  let opened: { store: Store; profiles: Profiles; side: EditSide } | null = null
  const openApp = async (store: Store) => {
    const credentials = options.credentials ? await options.credentials() : undefined
    const profiles = await profilesServedBy(store, svc, credentials)
    const events = options.events
    return { store, profiles, side: testEditSide(store, profiles, events ? { events } : {}) }
  }
  const ready = <T>(pick: (o: NonNullable<typeof opened>) => T): T => {
    if (opened === null) throw new Error('the account rig is used before beforeAll ran')
    return pick(opened)
  }
  beforeAll(async () => {
    server = await listen(svc, { port: 0 })
    opened = await openApp(await openStore(join(dir, 'studbook.db')))
  })
  afterAll(async () => {
    await opened?.side.close()
    opened?.store.close()
    await server?.close()
    svc.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return {
    svc,
    get url() {
      if (server === null) throw new Error('the account rig is used before beforeAll ran')
      return server.url
    },
    get store() {
      return ready((o) => o.store)
    },
    get profiles() {
      return ready((o) => o.profiles)
    },
    get side() {
      return ready((o) => o.side)
    },
    restart: async () => {
      const was = ready((o) => o)
      await was.side.close()
      opened = await openApp(was.store)
    },
    saveProfile() {
      return ready((o) => o.side).handlers['account:saveProfile']({
        baseUrl: this.url,
        apiKey: svc.demo.apiKey,
        binding: 'auto'
      })
    }
  }
}
