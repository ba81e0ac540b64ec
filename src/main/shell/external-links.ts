function normalizeHost(host: string): string | null {
  // Entries come from profile data: accept a bare host name only, so "a.com/@b" cannot smuggle in b.
  if (!/^[^/@?#:\\\s]+$/.test(host)) return null
  try {
    return new URL(`https://${host}/`).hostname
  } catch {
    return null
  }
}

/**
 * Which links may leave the app for the system browser: https only, exact host match against an
 * allowlist, no credentials, no explicit port. Parsed with URL; never prefix-matched.
 */
export function isAllowedExternalUrl(raw: string, allowedHosts: readonly string[]): boolean {
  if (typeof raw !== 'string' || raw.length > 4096) return false
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (url.protocol !== 'https:') return false
  // https://allowed.example@evil.com/ parses to host evil.com, but the text misleads the user.
  if (url.username !== '' || url.password !== '') return false
  if (url.port !== '') return false
  const allowed = new Set(allowedHosts.map(normalizeHost).filter((h): h is string => h !== null))
  return allowed.has(url.hostname)
}
