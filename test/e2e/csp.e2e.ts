import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp } from './harness'
import type { AppUnderTest } from './harness'

interface Violation {
  directive: string
  blocked: string
}

let app: AppUnderTest

beforeAll(async () => {
  app = await startApp({
    demoSets: 1000,
    beforeGoto: async (page) => {
      await page.addInitScript(() => {
        const store: Violation[] = []
        Object.defineProperty(window, '__violations', { value: store })
        document.addEventListener('securitypolicyviolation', (e) => {
          store.push({ directive: e.violatedDirective, blocked: e.blockedURI })
        })
      })
    }
  })
  await app.page.locator('main, [role="main"]').first().waitFor()
})

afterAll(async () => {
  await app.stop()
})

const violations = (): Promise<Violation[]> =>
  app.page.evaluate(() => [...(window as unknown as { __violations: Violation[] }).__violations])

describe('the production CSP, served as a header by the browser host', () => {
  it('lets the app render with zero violations of its own', async () => {
    await app.page.keyboard.press('Tab')
    await app.page.waitForTimeout(500)
    expect(await violations()).toEqual([])
  })

  it('blocks an injected inline script', async () => {
    const ran = await app.page.evaluate(async () => {
      const s = document.createElement('script')
      s.textContent = 'window.__inlineRan = true'
      document.body.append(s)
      await new Promise((r) => setTimeout(r, 50))
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true
    })
    expect(ran).toBe(false)
    expect((await violations()).map((v) => v.directive)).toContainEqual(
      expect.stringMatching(/^script-src/)
    )
  })

  it('blocks eval', async () => {
    // DevTools evaluation itself may eval; a timer callback runs as the page's own code, under its CSP.
    await app.page.evaluate(() => {
      setTimeout(() => {
        let outcome: string
        try {
          outcome = String(eval('1 + 1'))
        } catch (e) {
          outcome = (e as Error).name
        }
        ;(window as unknown as { __evalOutcome: string }).__evalOutcome = outcome
      }, 0)
    })
    await app.page.waitForFunction(() => '__evalOutcome' in window)
    const outcome = await app.page.evaluate(
      () => (window as unknown as { __evalOutcome: string }).__evalOutcome
    )
    expect(outcome).toBe('EvalError')
    expect((await violations()).map((v) => v.directive)).toContainEqual(
      expect.stringMatching(/^script-src/)
    )
  })

  it('blocks a fetch to a foreign origin', async () => {
    const outcome = await app.page.evaluate(async () => {
      try {
        await fetch('https://example.com/')
        return 'fetched'
      } catch {
        return 'blocked'
      }
    })
    expect(outcome).toBe('blocked')
    expect(await violations()).toContainEqual(
      expect.objectContaining({ directive: 'connect-src', blocked: 'https://example.com/' })
    )
  })
})
