/**
 * A chosen file's bytes as base64, for the contract: imports detect the encoding in main (UTF-16,
 * Windows-1252…), which `File.text()` would already have guessed at, and backups are binary.
 */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  const CHUNK = 0x8000
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  }
  return btoa(binary)
}
