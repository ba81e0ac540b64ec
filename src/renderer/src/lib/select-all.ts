import { nav } from './state/nav.svelte'
import { scopeOf } from './state/route-view'
import { selection } from './state/selection.svelte'

/**
 * The menu's Select All (Electron sends it as a command; its accelerator never reaches the page):
 * a text field selects its text, the list of sets selects every set, anything else the page's text.
 */
export function selectAll(): void {
  const el = document.activeElement
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    el.select()
    return
  }
  if (el instanceof HTMLElement && el.isContentEditable) {
    window.getSelection()?.selectAllChildren(el)
    return
  }
  const route = nav.route
  if (scopeOf(route) !== null && route.setID === null && document.querySelector('[role="grid"]')) {
    selection.selectAll()
    return
  }
  const main = document.getElementById('main')
  if (main) window.getSelection()?.selectAllChildren(main)
}
