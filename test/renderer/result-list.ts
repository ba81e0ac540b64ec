import { fireEvent, render } from '@testing-library/svelte'
import App from '../../src/renderer/src/App.svelte'
import { search } from '../../src/renderer/src/lib/state/search.svelte'
import { selection } from '../../src/renderer/src/lib/state/selection.svelte'
import { settle } from './dom-env'

/** A row of the results list (or a card of the grid) by its index; it must be drawn. */
export function item(index: number): HTMLElement {
  const el = document.getElementById(`item-${index}`)
  if (!el) throw new Error(`item ${index} is not drawn`)
  return el
}

/** Clicks the row where no control is: its set number. */
export async function pick(
  index: number,
  mods: { shiftKey?: boolean; ctrlKey?: boolean } = {}
): Promise<void> {
  await fireEvent.click(item(index).querySelector('.number') ?? item(index), mods)
  await settle()
}

/** Browse as rows, the whole list, nothing selected: the stores outlive a test. */
export async function openWholeList(): Promise<void> {
  window.location.hash = '#/browse'
  search.setLayout('list')
  search.setText('')
  render(App)
  await settle()
  selection.clear()
}
