/**
 * The catalogue's words (names, themes, subthemes) in memory, so a search word with one typo
 * finds the words it was meant to be. Lookups use single-letter deletions (SymSpell with
 * distance 1): two words within one edit share a key (the word itself or the word less one
 * letter), so a query reads at most n + 1 keys, whatever the catalogue's size.
 */

/** Words this short are left as typed: one edit away from a 3-letter word is too many words. */
export const FUZZY_MIN = 4
/** Candidates kept per word: the likeliest (most frequent) ones. */
const MAX_NEAR = 8

/** A word as the search index tokenizes it: diacritics dropped, lower case. */
export function foldWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
}

/** The words of a catalogue text worth indexing: letters only (numbers are matched exactly), 3+. */
function indexWords(text: string): string[] {
  return foldWord(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !/\p{N}/u.test(w))
}

function deletions(word: string): string[] {
  const out: string[] = []
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1))
  return out
}

/** Optimal string alignment distance, only as far as telling 0, 1 or "more" apart. */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true
  const la = a.length
  const lb = b.length
  if (Math.abs(la - lb) > 1) return false
  let i = 0
  while (i < la && i < lb && a[i] === b[i]) i++
  if (la === lb) {
    // Substitution at i, or the two letters at i swapped.
    if (a.slice(i + 1) === b.slice(i + 1)) return true
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  }
  // One extra letter at i in the longer word.
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

export class WordIndex {
  /** How many times each word occurs: the likelier spelling wins a "did you mean". */
  private readonly counts = new Map<string, number>()
  private readonly keys = new Map<string, string[]>()

  get size(): number {
    return this.counts.size
  }

  /** Adds a text's words, `times` over (a theme repeated across sets is split once). */
  add(text: string, times = 1): void {
    for (const w of indexWords(text)) {
      const n = this.counts.get(w)
      this.counts.set(w, (n ?? 0) + times)
      if (n !== undefined) continue
      for (const k of [w, ...deletions(w)]) {
        const list = this.keys.get(k)
        if (list) list.push(w)
        else this.keys.set(k, [w])
      }
    }
  }

  has(word: string): boolean {
    return this.counts.has(word)
  }

  /**
   * The catalogue's words one edit (insertion, deletion, substitution, transposition) from
   * `word`, most frequent first; none for short words, and none that `word` already prefixes
   * (a prefix search finds those as it is).
   */
  near(word: string): string[] {
    if (word.length < FUZZY_MIN) return []
    const found = new Set<string>()
    for (const k of [word, ...deletions(word)]) {
      for (const c of this.keys.get(k) ?? []) {
        if (c !== word && !c.startsWith(word) && withinOneEdit(word, c)) found.add(c)
      }
    }
    return [...found]
      .sort((a, b) => (this.counts.get(b) ?? 0) - (this.counts.get(a) ?? 0) || (a < b ? -1 : 1))
      .slice(0, MAX_NEAR)
  }
}
