import { z } from 'zod'

/**
 * The third-party notices the build writes beside the page (scripts/third-party-notices.mjs).
 * Both hosts serve the renderer build as static files, so the page reads it like its own scripts.
 */
const NOTICES_URL = './third-party-notices.json'

const Notice = z.object({
  name: z.string().min(1),
  version: z.string(),
  license: z.string(),
  licenseText: z.string(),
  noticeText: z.string(),
  homepage: z.string()
})
export type Notice = z.infer<typeof Notice>
const Notices = z.object({ packages: z.array(Notice) })

/** The packages and their licenses; rejects when the file is missing or not what the build writes. */
export async function loadNotices(): Promise<readonly Notice[]> {
  const res = await fetch(NOTICES_URL)
  if (!res.ok) throw new Error(`HTTP ${String(res.status)}`)
  return Notices.parse(await res.json()).packages
}
