import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { createPusher } from '../../src/main/sync/push/pusher'
import type { Pusher } from '../../src/main/sync/push/pusher'
import { createServiceClient } from '../../src/main/service/index'
import type { ServiceClient } from '../../src/main/service/index'
import type { Store } from '../../src/main/store/connection'
import { editHarness, insertSets } from './harness'
import type { EditHarness } from './harness'

/** The real edit path and pusher against the in-process reference service. */
export interface PushHarness extends EditHarness {
  readonly svc: ReferenceService
  readonly client: ServiceClient
  readonly pusher: Pusher
  readonly setIDs: readonly number[]
  readonly secrets: { apiKey: string; userHash?: string }
  /** Pushes until nothing is pending or the rounds run out. */
  drain(maxRounds?: number): Promise<void>
  /** Outbox rows waiting to be pushed. */
  pending(): number
  /** A pusher like `pusher`, over `store` (a test's wrapper of this harness's store). */
  pusherOn(store: Store): Pusher
  close(): void
}

async function freshSets(client: ServiceClient, svc: ReferenceService): Promise<number[]> {
  const sets = await client.v2.getSets({ pageSize: 60, pageNumber: 1 })
  // Sets the demo account does not hold yet, so a fresh local base matches the service.
  return sets
    .map((s) => s.setID)
    .filter((id) => {
      const v = svc.admin.getCollectionValue(svc.demo.username, id)
      return !v.owned && !v.wanted && v.notes === '' && v.rating === 0 && !v.flags.some(Boolean)
    })
}

export interface PushHarnessOptions {
  readonly dir?: string
  readonly svc?: ReferenceService
  /** A restart of the app over the same files: no login and no catalogue read on the way up. */
  readonly reuse?: { readonly userHash: string; readonly setIDs: readonly number[] }
  /** The client's fetch (default: the service in-process); tests wrap it to go offline. */
  readonly fetch?: (svc: ReferenceService) => (req: Request) => Promise<Response>
}

export async function pushHarness(options: PushHarnessOptions = {}): Promise<PushHarness> {
  const svc = options.svc ?? createReferenceService({ sets: 60, seed: 7 })
  const secrets: { apiKey: string; userHash?: string } = { apiKey: svc.demo.apiKey }
  const client = createServiceClient({
    profile: { baseUrl: 'https://demo.studbook.invalid' },
    secrets: () => ({ ...secrets }),
    fetch: options.fetch ? options.fetch(svc) : (req) => svc.handle(req),
    timeoutMs: 5000
  })
  const demo = svc.demo
  secrets.userHash =
    options.reuse?.userHash ??
    (await client.v2.login({ username: demo.username, password: demo.password }))
  const setIDs = options.reuse?.setIDs ?? (await freshSets(client, svc))
  const h = await editHarness({ sets: [], ...(options.dir ? { dir: options.dir } : {}) })
  insertSets(h.store, h.profileId, setIDs)
  const pusherOn = (store: Store): Pusher =>
    createPusher({
      store,
      profileId: () => h.profileId,
      client: () => client,
      signedIn: () => secrets.userHash !== undefined,
      now: () => new Date()
    })
  const pusher = pusherOn(h.store)
  const pending = (): number =>
    (
      h.store.read.prepare("SELECT count(*) AS n FROM outbox WHERE state = 'pending'").get() as {
        n: number
      }
    ).n
  return {
    ...h,
    svc,
    client,
    pusher,
    setIDs,
    secrets,
    async drain(maxRounds = 20) {
      for (let i = 0; i < maxRounds && pending() > 0; i++) await pusher.push()
    },
    pending,
    pusherOn,
    close() {
      h.close()
      if (!options.svc) svc.close()
    }
  }
}
