/** Sets asked for a page: the documented maximum (docs/protocol.md §5). */
export const PAGE_SIZE = 500

/**
 * Where the catalogue pull stands between pages. A service may honour fewer sets a page than asked
 * (production's cap need not be the documented 500), and then counts its page numbers in the size
 * it honours; so the cursor is a page number together with the page size it counts in.
 */
export interface PageCursor {
  /** The next page to ask for, 1-based, in pages of `size`. */
  readonly page: number
  readonly size: number
}

type PageStep =
  | { readonly kind: 'next'; readonly cursor: PageCursor; readonly got: number }
  | { readonly kind: 'done'; readonly got: number }
  /** The service answered an empty page before the total: what it sent is all there is for now. */
  | { readonly kind: 'incomplete'; readonly got: number }

/**
 * What follows page `at` answering `n` sets of a query with `total` sets. `got` counts the sets
 * before the next page. The next page is only ever one that can hold sets below the total: every
 * getSets call counts against the daily allowance.
 */
export function afterPage(at: PageCursor, n: number, total: number): PageStep {
  const start = (at.page - 1) * at.size
  if (n === 0)
    return start >= total ? { kind: 'done', got: start } : { kind: 'incomplete', got: start }
  if (n === at.size || (n < at.size && n === total - start)) {
    return start + n >= total
      ? { kind: 'done', got: start + n }
      : { kind: 'next', cursor: { page: at.page + 1, size: at.size }, got: start + n }
  }
  // Shorter before the total, or longer than asked: the page shows the size the service honours,
  // and it counted this page in that size, so it began at (page - 1) × n.
  const got = at.page * n
  return got >= total
    ? { kind: 'done', got }
    : { kind: 'next', cursor: { page: at.page + 1, size: n }, got }
}
