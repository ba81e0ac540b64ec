import fc from 'fast-check'

/**
 * Random damage to a document for the decoder's property tests: cut a run, insert a fragment,
 * duplicate a run, or (where asked) put one character where another stood. Positions are taken
 * modulo the text's length as it stands, so every mutation applies to any text.
 */
export type TextMutation =
  | { readonly kind: 'cut'; readonly at: number; readonly len: number }
  | { readonly kind: 'insert'; readonly at: number; readonly text: string }
  | { readonly kind: 'dup'; readonly at: number; readonly len: number }
  | { readonly kind: 'swap'; readonly at: number; readonly to: number }

export function textMutation(o: {
  /** What an insertion puts in. */
  readonly insert: fc.Arbitrary<string>
  readonly maxCut: number
  readonly maxDup: number
  /** Whether a character may also be replaced by another of the text. */
  readonly swap?: boolean
}): fc.Arbitrary<TextMutation> {
  const kinds: fc.Arbitrary<TextMutation>[] = [
    fc.record({ kind: fc.constant('cut' as const), at: fc.nat(), len: fc.nat({ max: o.maxCut }) }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: o.insert }),
    fc.record({ kind: fc.constant('dup' as const), at: fc.nat(), len: fc.nat({ max: o.maxDup }) })
  ]
  if (o.swap === true) {
    kinds.push(fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), to: fc.nat() }))
  }
  return fc.oneof(...kinds)
}

/** `doc` with `muts` applied in order. */
export function mutate(doc: string, muts: readonly TextMutation[]): string {
  let s = doc
  for (const m of muts) {
    const at = m.at % (s.length + 1)
    if (m.kind === 'cut') s = s.slice(0, at) + s.slice(at + m.len)
    else if (m.kind === 'insert') s = s.slice(0, at) + m.text + s.slice(at)
    else if (m.kind === 'dup') s = s.slice(0, at) + s.slice(at, at + m.len) + s.slice(at)
    else {
      const to = m.to % (s.length + 1)
      s = s.slice(0, at) + s.charAt(to) + s.slice(at + 1)
    }
  }
  return s
}
