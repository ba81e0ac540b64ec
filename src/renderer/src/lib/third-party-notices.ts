/**
 * The third-party notices the build writes beside the page (scripts/third-party-notices.mjs).
 * Both hosts serve the renderer build as static files, so the page reads it like its own scripts.
 *
 * Checked by hand, not with zod: zod 4 probes `new Function` when it first builds a schema, which
 * the page's CSP (no 'unsafe-eval') reports as a violation, and it would add its weight to every
 * start of the page for one dialog.
 */
const NOTICES_URL = './third-party-notices.json'

export interface Notice {
  readonly name: string
  readonly version: string
  readonly license: string
  readonly licenseText: string
  readonly noticeText: string
  readonly homepage: string
}

const TEXT_FIELDS = ['version', 'license', 'licenseText', 'noticeText', 'homepage'] as const

function isNotice(value: unknown): value is Notice {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v['name'] === 'string' &&
    v['name'] !== '' &&
    TEXT_FIELDS.every((field) => typeof v[field] === 'string')
  )
}

/** The packages and their licenses; rejects when the file is missing or not what the build writes. */
export async function loadNotices(): Promise<readonly Notice[]> {
  const res = await fetch(NOTICES_URL)
  if (!res.ok) throw new Error(`HTTP ${String(res.status)}`)
  const body: unknown = await res.json()
  const packages =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['packages'] : null
  if (!Array.isArray(packages)) throw new Error('The notices file holds no list of packages.')
  if (!(packages as unknown[]).every(isNotice)) {
    throw new Error('A notice in the file is not what the build writes.')
  }
  return packages as Notice[]
}
