/**
 * Choices kept on this computer (localStorage): the report's title and rates, the label sheet.
 * Storage may be refused (private mode, a locked-down profile); then a choice lasts for this
 * session only, so neither reading nor keeping ever throws.
 */

/** The kept text under `key`, or null when there is none or storage is refused. */
export function readKept(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

/** Keeps `value` under `key` where storage allows it. */
export function keep(key: string, value: string): void {
  try {
    localStorage.setItem(key, value)
  } catch {
    // Storage refused: the choice lasts for this session only.
  }
}

/** Letter where it is the usual paper (the Americas that use it, the Philippines), A4 elsewhere. */
export function usesLetterPaper(language: string): boolean {
  return /-(US|CA|MX|PH|CL|CO|VE|GT|CR|PA|PR|DO|SV|NI|HN)$/i.test(language)
}

/** The browser's language, or '' where there is no navigator (tests in node). */
export function browserLanguage(): string {
  return typeof navigator === 'undefined' ? '' : navigator.language
}
