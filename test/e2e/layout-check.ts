import type { Page } from 'playwright-core'

/**
 * Finds, in the page as drawn, every place where something does not fit its box: what a user
 * would see as cut-off, overlapping, wrapped or broken. Runs inside the page (no test hooks): it
 * reads computed styles and layout boxes only. Returns one line per problem, empty when clean.
 *
 * - the page itself scrolls sideways;
 * - a box that clips (overflow hidden/clip, or paint containment) holds content larger than itself,
 *   or a visible descendant sticks out of it, unless that is a one-line text ending in an ellipsis
 *   whose full text is in a title;
 * - a box scrolls sideways (only a wide table may), or its content spills past its edge;
 * - a short label (button, chip, badge, pill) wraps onto a second line;
 * - two in-flow children of a flex or grid box overlap;
 * - a picture shows as broken (no pixels) instead of being hidden or replaced.
 */
export function findLayoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const TOL = 1

    function name(el: Element): string {
      const h = el as HTMLElement
      const id = h.id ? `#${h.id}` : ''
      const cls =
        typeof h.className === 'string' && h.className.trim() !== ''
          ? `.${h.className.trim().split(/\s+/).slice(0, 2).join('.')}`
          : ''
      const text = (h.innerText || h.getAttribute('aria-label') || '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 30)
      return `${el.tagName.toLowerCase()}${id}${cls}${text ? ` "${text}"` : ''}`
    }

    function shown(el: Element): boolean {
      const s = getComputedStyle(el)
      if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return false
      const r = el.getBoundingClientRect()
      if (r.width < 1 || r.height < 1) return false
      // Text for screen readers only, parked in a 1px box on purpose.
      if (r.width <= 1 && r.height <= 1) return false
      return el.closest('.visually-hidden') === null
    }

    /** Content-visibility skipped rows are not drawn: nothing in them can be seen cut. */
    function skipped(el: Element): boolean {
      for (let a: Element | null = el; a; a = a.parentElement) {
        if (getComputedStyle(a).contentVisibility === 'auto') {
          const r = a.getBoundingClientRect()
          if (r.bottom < 0 || r.top > innerHeight) return true
        }
      }
      return false
    }

    function clips(s: CSSStyleDeclaration): boolean {
      const hidden = (v: string): boolean => v === 'hidden' || v === 'clip'
      return (
        hidden(s.overflowX) || hidden(s.overflowY) || /\b(paint|strict|content)\b/.test(s.contain)
      )
    }

    function scrolls(s: CSSStyleDeclaration): boolean {
      return /auto|scroll/.test(s.overflowX) || /auto|scroll/.test(s.overflowY)
    }

    /** A one-line text cut with an ellipsis, whose whole text the user can read in a tooltip. */
    function titledEllipsis(el: Element): boolean {
      const s = getComputedStyle(el)
      if (s.textOverflow !== 'ellipsis' || s.whiteSpace !== 'nowrap') return false
      const text = (el.textContent || '').replace(/\s+/g, ' ').trim()
      for (let a: Element | null = el, i = 0; a && i < 4; a = a.parentElement, i++) {
        const title = (a.getAttribute('title') ?? '').replace(/\s+/g, ' ')
        if (title !== '' && title.includes(text)) return true
      }
      return false
    }

    /** Lines a short label's text takes: text boxes that do not share a line start a new one. */
    function lines(el: Element): number {
      const boxes: DOMRect[] = []
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if ((n.textContent ?? '').trim() === '' || !shown(n.parentElement as Element)) continue
        const range = document.createRange()
        range.selectNodeContents(n)
        for (const r of range.getClientRects()) if (r.width > 0) boxes.push(r)
      }
      boxes.sort((a, b) => a.top - b.top)
      let count = 0
      let bottom = -Infinity
      for (const b of boxes) {
        if (b.top >= bottom - 2) {
          count++
          bottom = b.bottom
        }
      }
      return count
    }

    const root = document.scrollingElement ?? document.documentElement
    if (root.scrollWidth > innerWidth + TOL) {
      problems.push(`page scrolls sideways: ${root.scrollWidth}px wide in ${innerWidth}px`)
    }

    const all = [...document.querySelectorAll('body *')].filter((el) => shown(el) && !skipped(el))
    for (const el of all) {
      const s = getComputedStyle(el)
      const h = el as HTMLElement
      // Sideways scrolling is for wide tables only; anywhere else it means content did not fit.
      if (
        scrolls(s) &&
        h.scrollWidth > h.clientWidth + TOL &&
        !el.querySelector(':scope > table')
      ) {
        problems.push(`scrolls sideways: ${name(el)} ${h.scrollWidth} > ${h.clientWidth}`)
      }
      // Content wider than a box that neither clips nor scrolls spills over its neighbours.
      if (
        s.overflowX === 'visible' &&
        s.display !== 'inline' &&
        h.clientWidth > 0 &&
        h.scrollWidth > h.clientWidth + TOL &&
        el !== document.body
      ) {
        problems.push(`spills out: ${name(el)} content ${h.scrollWidth} in ${h.clientWidth}`)
      }
      if (clips(s) && !scrolls(s) && !titledEllipsis(el)) {
        const xCut = s.overflowX !== 'visible' && h.scrollWidth > h.clientWidth + TOL
        const yCut = s.overflowY !== 'visible' && h.scrollHeight > h.clientHeight + TOL
        if (xCut || yCut) {
          problems.push(
            `cut off: ${name(el)} content ${h.scrollWidth}×${h.scrollHeight} in ${h.clientWidth}×${h.clientHeight}`
          )
        }
        const box = el.getBoundingClientRect()
        for (const d of el.querySelectorAll('*')) {
          if (!shown(d) || titledEllipsis(d)) continue
          // A modal dialog is drawn in the top layer: no box it sits in can clip it.
          const modal = d.closest('dialog:modal')
          if (modal && !modal.contains(el)) continue
          // A nested scroller owns what is inside it.
          let inner = false
          for (let a = d.parentElement; a && a !== el; a = a.parentElement) {
            if (scrolls(getComputedStyle(a))) inner = true
          }
          if (inner) continue
          const r = d.getBoundingClientRect()
          if (
            r.left < box.left - TOL ||
            r.right > box.right + TOL ||
            r.top < box.top - TOL ||
            r.bottom > box.bottom + TOL
          ) {
            problems.push(`sticks out of ${name(el)}: ${name(d)}`)
            break
          }
        }
      } else if (
        s.textOverflow === 'ellipsis' &&
        h.scrollWidth > h.clientWidth + TOL &&
        !titledEllipsis(el)
      ) {
        problems.push(`text cut without its full text in a title: ${name(el)}`)
      }

      const label =
        el.tagName === 'BUTTON' ||
        el.getAttribute('role') === 'button' ||
        /\b(chip|badge|pill|tog)\b/.test(typeof h.className === 'string' ? h.className : '')
      const words = (h.innerText || '').trim()
      if (
        label &&
        words.length > 0 &&
        words.length <= 40 &&
        !words.includes('\n') &&
        lines(el) > 1
      ) {
        problems.push(`label wraps: ${name(el)}`)
      }

      if (s.display.includes('flex') || s.display.includes('grid')) {
        const kids = [...el.children].filter((k) => {
          const ks = getComputedStyle(k)
          return shown(k) && ks.position !== 'absolute' && ks.position !== 'fixed'
        })
        const rects = kids.map((k) => k.getBoundingClientRect())
        for (let i = 0; i < kids.length; i++) {
          for (let j = i + 1; j < kids.length; j++) {
            const a = rects[i]
            const b = rects[j]
            if (!a || !b) continue
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left)
            const ht = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
            if (w > 2 && ht > 2) {
              problems.push(
                `overlap in ${name(el)}: ${name(kids[i] as Element)} / ${name(kids[j] as Element)}`
              )
            }
          }
        }
      }

      if (el instanceof HTMLImageElement && (!el.complete || el.naturalWidth === 0)) {
        problems.push(
          `picture shown broken or empty: ${name(el)} ${el.getAttribute('src') ?? '(none)'}`
        )
      }
    }
    return [...new Set(problems)]
  })
}
