import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/**
 * Folders of a test file's own under the system's temporary folder, removed when its tests are
 * done, so a run of the suites leaves nothing there (it left about 60 a run). Called at the top of
 * a file, as closedAfterEach is: `const tempDir = tempDirsOfFile()`, then `tempDir('sb-files-')`.
 */
export function tempDirsOfFile(): (prefix: string) => string {
  const made: string[] = []
  afterAll(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  return (prefix) => {
    const dir = mkdtempSync(join(tmpdir(), prefix))
    made.push(dir)
    return dir
  }
}
