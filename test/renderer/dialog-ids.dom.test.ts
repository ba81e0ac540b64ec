import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render } from '@testing-library/svelte'
import { createRawSnippet } from 'svelte'
import './dom-env'
import Dialog from '../../src/renderer/src/components/Dialog.svelte'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const body = createRawSnippet(() => ({ render: () => '<p>body</p>' }))

describe('Dialog ids', () => {
  it('names each open dialog by its own title, whatever chance says', () => {
    // Ids drawn by chance can meet; Svelte's own ids are unique per page, so two dialogs open at
    // once (a confirmation over a form) never label each other.
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const a = render(Dialog, { title: 'First', onclose: () => {}, children: body })
    const b = render(Dialog, { title: 'Second', onclose: () => {}, children: body })
    const labelOf = (c: HTMLElement): string | undefined => {
      const id = c.querySelector('dialog')?.getAttribute('aria-labelledby') ?? ''
      return id === '' ? undefined : (document.getElementById(id)?.textContent ?? undefined)
    }
    expect(labelOf(a.container)).toBe('First')
    expect(labelOf(b.container)).toBe('Second')
  })
})
