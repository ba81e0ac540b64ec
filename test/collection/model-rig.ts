import fc from 'fast-check'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { it } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { pushHarness } from './service-harness'
import type { PushHarness, PushHarnessOptions } from './service-harness'
import { runs } from '../property-runs'

/** The next `times` requests meet a dropped connection, or a SOAP fault from the server. */
export interface FaultCmd {
  readonly t: 'fault'
  readonly kind: 'drop' | 'soap'
  readonly times: number
}

export const faultCmd = (maxTimes: number): fc.Arbitrary<FaultCmd> =>
  fc.record({
    t: fc.constant('fault' as const),
    kind: fc.constantFrom('drop' as const, 'soap' as const),
    times: fc.integer({ min: 1, max: maxTimes })
  })

/** What a model test (random commands against the app and a service) runs on. */
export interface ModelRig {
  /** The app as it is now: a restart replaces it. */
  readonly h: PushHarness
  /** While true, the app's requests fail as with no network (ECONNREFUSED). */
  offline: boolean
  readonly injectFault: (c: FaultCmd) => void
  /** The app again over the same files and sign-in, as after a quit; the service keeps running. */
  readonly restart: () => Promise<void>
  /** Closes the app and the service and removes the folder. */
  readonly close: () => void
}

/** The app over a reference service of 40 sets (`seed`) and a folder of its own named `name`. */
export async function modelRig(name: string, seed: number): Promise<ModelRig> {
  const svc: ReferenceService = createReferenceService({ sets: 40, seed })
  const dir = mkdtempSync(join(tmpdir(), `studbook-${name}-`))
  // The network as the commands leave it (the fetch below runs before the rig exists: login).
  let offline = false
  const fetch: PushHarnessOptions['fetch'] = (s) => (req) =>
    offline
      ? Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') }))
      : s.handle(req)
  let h = await pushHarness({ dir, svc, fetch })
  return {
    get offline() {
      return offline
    },
    set offline(on: boolean) {
      offline = on
    },
    get h() {
      return h
    },
    injectFault: (c) => {
      h.svc.admin.addFault({
        kind: c.kind === 'drop' ? { type: 'drop' } : { type: 'soapFault', who: 'server' },
        times: c.times
      })
    },
    restart: async () => {
      const reuse = { userHash: h.secrets.userHash ?? '', setIDs: h.setIDs }
      h.close()
      h = await pushHarness({ dir, svc, reuse, fetch })
    },
    close: () => {
      h.close()
      svc.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/**
 * A model test: `run` on random lists of 5 to 25 commands, each list on a fresh rig (closed
 * after it), 12 lists at factor 1 (test/property-runs.ts). A failure prints its seed;
 * STUDBOOK_PROPERTY_SEED replays it, STUDBOOK_PROPERTY_RUNS=4 runs four times as many lists.
 */
export function modelTest<C>(
  title: string,
  rig: { readonly name: string; readonly seed: number },
  cmd: fc.Arbitrary<C>,
  run: (rig: ModelRig, cmds: C[]) => Promise<void>
): void {
  it(
    title,
    async () => {
      const once = async (cmds: C[]): Promise<void> => {
        const r = await modelRig(rig.name, rig.seed)
        try {
          await run(r, cmds)
        } finally {
          r.close()
        }
      }
      await fc.assert(fc.asyncProperty(fc.array(cmd, { minLength: 5, maxLength: 25 }), once), {
        numRuns: runs(12)
      })
    },
    240_000
  )
}
