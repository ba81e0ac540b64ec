import fc from 'fast-check'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
  readonly injectFault: (c: FaultCmd) => void
  /** The app again over the same files and sign-in, as after a quit; the service keeps running. */
  readonly restart: () => Promise<void>
  /** Closes the app and the service and removes the folder. */
  readonly close: () => void
}

/** The app over a reference service of 40 sets (`seed`) and a folder of its own named `name`. */
export async function modelRig(
  name: string,
  seed: number,
  fetch?: PushHarnessOptions['fetch']
): Promise<ModelRig> {
  const svc: ReferenceService = createReferenceService({ sets: 40, seed })
  const dir = mkdtempSync(join(tmpdir(), `studbook-${name}-`))
  let h = await pushHarness({ dir, svc, ...(fetch ? { fetch } : {}) })
  return {
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
      h = await pushHarness({ dir, svc, reuse, ...(fetch ? { fetch } : {}) })
    },
    close: () => {
      h.close()
      svc.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/**
 * Runs `run` on random lists of 5 to 25 commands, 12 lists at factor 1 (test/property-runs.ts). A
 * failure prints its seed; STUDBOOK_PROPERTY_SEED replays it.
 */
export async function checkModel<C>(
  cmd: fc.Arbitrary<C>,
  run: (cmds: C[]) => Promise<void>
): Promise<void> {
  await fc.assert(fc.asyncProperty(fc.array(cmd, { minLength: 5, maxLength: 25 }), run), {
    numRuns: runs(12)
  })
}
