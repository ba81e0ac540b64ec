import type { FileBytes } from '../../../shared/ipc/file-wire'

/**
 * A chosen file's bytes, for the contract: imports detect the encoding in main (UTF-16,
 * Windows-1252…), which `File.text()` would already have guessed at, and backups are binary. They
 * go as bytes, never as base64 text (shared/ipc/file-wire.ts).
 */
export async function readFileBytes(file: Blob): Promise<FileBytes> {
  return [new Uint8Array(await file.arrayBuffer())]
}
