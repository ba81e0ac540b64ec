import type { Args } from './context'
import type { Handler } from './ops-v2-read'
import { V2_READS } from './ops-v2-read'
import { keyed, listed } from './ops-v3-reply'
import type { OpResult } from './results'
import type { FieldValues } from './xml-write'

/**
 * Production's v3 catalogue reads (docs/protocol.md §5): the same rows as v2's, as JSON. Computing them
 * through the v2 handlers keeps the two versions from drifting apart.
 */

const v2 = (name: keyof typeof V2_READS): Handler => V2_READS[name]

const rowsOf = (r: OpResult): readonly FieldValues[] => (r.kind === 'list' ? r.rows : [])

/** v3 spells the theme parameter `Theme`; the v2 handlers read `theme`. */
function v2Args(a: Args): Args {
  const name = (n: string): string => (n === 'theme' ? 'Theme' : n)
  return {
    str: (n) => a.str(name(n)),
    int: (n) => a.int(name(n)),
    has: (n) => a.has(name(n)),
    record: (n) => a.record(name(n))
  }
}

const fromV2 = (
  name: keyof typeof V2_READS,
  key: string,
  map = (r: FieldValues): unknown => r
): Handler => keyed((call, a) => listed(key, rowsOf(v2(name)(call, v2Args(a))).map(map)))

export const V3_CATALOGUE_OPS = {
  getThemes: fromV2('getThemes', 'themes'),
  getSubthemes: fromV2('getSubthemes', 'subthemes'),
  getYears: fromV2('getYears', 'years'),
  // v3 has one thumbnail, v2's larger one, as in a v3 set's image (docs/protocol.md §5).
  getAdditionalImages: fromV2('getAdditionalImages', 'additionalImages', (r) => ({
    thumbnailURL: r['largeThumbnailURL'],
    imageURL: r['imageURL']
  })),
  getInstructions: fromV2('getInstructions', 'instructions')
} satisfies Readonly<Record<string, Handler>>
