import { fireEvent, screen, within } from '@testing-library/svelte'
import { settle } from './dom-env'

/** Saves what the list shows as a view, as the user does, and returns the dialog it asked in. */
export async function saveViewAs(name: string): Promise<HTMLElement> {
  await fireEvent.click(screen.getByRole('button', { name: 'Save view…' }))
  const dialog = screen.getByRole('dialog', { name: 'Save this view' })
  await fireEvent.input(within(dialog).getByLabelText('Name'), { target: { value: name } })
  await fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }))
  await settle()
  return dialog
}
