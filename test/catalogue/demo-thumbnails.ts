import type { Harness } from '../sync/sync-pull-harness'

/**
 * The thumbnail paths of the first page (50 sets, by number) of a synced demo catalogue: the
 * pictures the media-cache tests fetch, at most `n` of them.
 */
export async function demoThumbnails(x: Harness, n = 50): Promise<string[]> {
  const r = await x.catalogue['catalog:search']({
    text: '',
    sort: 'number',
    desc: false,
    offset: 0,
    limit: 50,
    facets: false
  })
  return r.rows
    .map((s) => s.thumbnail)
    .filter((t): t is string => t !== null)
    .slice(0, n)
}
