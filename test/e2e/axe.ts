import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { ROOT } from './harness'

interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly nodes: readonly { readonly target: readonly string[] }[]
}

const AXE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8')

/**
 * The serious and critical axe findings on the page as it is drawn now, a line each (rule, impact,
 * what it asks, where), to compare with []. axe is evaluated over the DevTools protocol, so the
 * page's CSP (no inline script) stays untouched; screens change by hash, not by page load, so it
 * is loaded once per page load.
 */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(AXE)
  // Only violations are read: axe then keeps one node per passed or inapplicable rule instead
  // of every node, which on a full 2560×1440 screen was most of its time. No rule is skipped.
  const result = await page.evaluate(() =>
    (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: { resultTypes: string[] }
          ): Promise<{ violations: AxeViolation[] }>
        }
      }
    ).axe.run(document, { resultTypes: ['violations'] })
  )
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact ?? ''}) ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`
    )
}
