import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** The repository's root, for the lint tests that read the tree. */
export const ROOT = join(import.meta.dirname, '../..')

/** Every .ts file under `dir`, depth first: the files the lint tests read. */
export function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sources(path)
    return /\.ts$/.test(e.name) ? [path] : []
  })
}
