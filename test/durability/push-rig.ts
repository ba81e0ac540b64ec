import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'
import { listen } from '../../src/emulator/listen'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'
import { bundleChild, runChild } from './child-process'

/** One app's data folder and what it signed in with: a push child and a restart open the same. */
export interface Session {
  readonly data: string
  readonly userHash: string
  readonly setIDs: readonly number[]
  readonly profileId: number
}

/** What a file of kill -9 push tests shares: the service, its address, a folder and the child. */
export interface PushRig {
  readonly svc: ReferenceService
  /** Where each test's data folders go; removed after the file. */
  readonly dir: string
  /** The service's address, once listening (beforeAll). */
  readonly url: string
  /** The bundled push child (push-child.ts), once built (beforeAll). */
  readonly child: string
  /** A new app (data folder, sign-in, sets) against the service, and its session. */
  readonly session: () => Promise<{ s: Session; h: PushHarness }>
  /** The app started again over the session's files. */
  readonly restart: (s: Session) => Promise<PushHarness>
  /** Runs one push in a child killed at `at` of its `write`-th write; the session's files stay. */
  readonly crashPush: (s: Session, at: 'answer' | 'send', write?: number) => Promise<void>
}

/**
 * The reference service of `seed` listening on a port, a temporary folder named for the file, and
 * the push child bundled into it: set up before the file's tests, closed and removed after them.
 */
export function pushRig(name: string, seed: number): PushRig {
  const svc = createReferenceService({ sets: 60, seed })
  const rig = {
    svc,
    dir: mkdtempSync(join(tmpdir(), `studbook-${name}-`)),
    url: '',
    child: '',
    session: async (): Promise<{ s: Session; h: PushHarness }> => {
      const data = mkdtempSync(join(rig.dir, 'data-'))
      const h = await pushHarness({ dir: data, svc })
      const s = {
        data,
        userHash: h.secrets.userHash ?? '',
        setIDs: h.setIDs,
        profileId: h.profileId
      }
      return { s, h }
    },
    restart: (s: Session): Promise<PushHarness> =>
      pushHarness({ dir: s.data, svc, reuse: { userHash: s.userHash, setIDs: s.setIDs } }),
    crashPush: async (s: Session, at: 'answer' | 'send', write = 1): Promise<void> => {
      const run = await runChild(
        rig.child,
        [join(s.data, 'studbook.db'), rig.url, String(s.profileId)],
        undefined,
        {
          STUDBOOK_TEST_KEY: svc.demo.apiKey,
          STUDBOOK_TEST_HASH: s.userHash,
          STUDBOOK_KILL_AT: at,
          STUDBOOK_KILL_WRITE: String(write)
        }
      )
      expect(run.signal, run.stderr).toBe('SIGKILL')
      expect(run.lines).toContain(at === 'send' ? 'SENDING' : 'CONFIRMED 200')
    }
  }
  let server: { url: string; close(): Promise<void> } | null = null
  beforeAll(async () => {
    server = await listen(svc, { port: 0 })
    rig.url = server.url
    rig.child = await bundleChild(rig.dir, 'push-child.ts')
  })
  afterAll(async () => {
    await server?.close()
    svc.close()
    rmSync(rig.dir, { recursive: true, force: true })
  })
  return rig
}
