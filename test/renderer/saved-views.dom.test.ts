import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/svelte'
import { savedQuery } from '../../src/shared/ipc/channels/views'
import { openApp, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { FakeViews } from './fake-views'
import { saveViewAs } from './saved-view-dialog'

const backend = new FakeBackend(500)
const fake = new FakeViews(backend)

serveApp(backend, { route: '#/browse' })

async function start(): Promise<void> {
  await openApp()
}

const sidebar = (): HTMLElement => screen.getByRole('navigation', { name: 'Sections' })

/** The sidebar's views as the user reads them: name and count. */
function listed(): string[] {
  const list = within(sidebar()).queryByTestId('saved-views')
  if (!list) return []
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent.replace(/\s+/g, ' ').replace(/[,⋯]/g, '').trim())
}

describe('saved views on screen', () => {
  it('saves the search by name; the sidebar lists it with its count and opens it', async () => {
    await start()
    expect(within(sidebar()).getByTestId('saved-views-empty')).toBeTruthy()
    await fireEvent.input(screen.getByLabelText('Search sets'), { target: { value: 'castle' } })
    await settle()
    await fireEvent.change(screen.getByRole('combobox', { name: 'Sort' }), {
      target: { value: 'year' }
    })
    await settle()
    await saveViewAs('Castles by year')
    expect(listed()).toEqual(['Castles by year 125 sets'])
    expect(fake.rows[0]?.query).toMatchObject({
      text: 'castle',
      sort: 'year',
      scope: { kind: 'all' }
    })
    // The list on screen is now the view.
    expect(window.location.hash).toBe(`#/view/${fake.rows[0]?.id}`)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Castles by year')
    const link = within(sidebar()).getByRole('link', { name: /Castles by year/ })
    expect(link.getAttribute('aria-current')).toBe('page')
  })

  it('refuses a name in use, in the dialog, and keeps the list as it was', async () => {
    await start()
    const dialog = await saveViewAs('castles BY year')
    expect(within(dialog).getByRole('alert').textContent).toMatch(/already called/)
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true')
    expect(listed()).toEqual(['Castles by year 125 sets'])
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  })

  it('opening a view from the sidebar shows its query; its count follows a collection change', async () => {
    fake.add('Owned Space', savedQuery.parse({ theme: 'Space', scope: { kind: 'owned' } }))
    window.location.hash = '#/browse'
    await start()
    backend.emit('data:changed', { scope: 'collection', setIDs: [] })
    await settle()
    expect(listed()).toEqual(['Castles by year 125 sets', 'Owned Space 0 sets'])
    await fireEvent.click(within(sidebar()).getByRole('link', { name: /Owned Space/ }))
    await settle()
    expect(backend.callsTo('catalog:search').at(-1)).toMatchObject({ theme: 'Space', owned: true })
    expect(screen.getByTestId('result-count').textContent.trim()).toMatch(/^0\s+sets/)
    // A Space set becomes owned elsewhere (another screen, a sync): main says so, the count follows.
    const space = backend.sets.find((s) => s.theme === 'Space')
    await backend.invoke('collection:updateSet', {
      setID: space?.setID ?? 0,
      patch: { owned: true }
    })
    backend.emit('data:changed', { scope: 'collection', setIDs: [space?.setID ?? 0] })
    await settle()
    expect(listed()).toEqual(['Castles by year 125 sets', 'Owned Space 1 set'])
    expect(screen.getByTestId('result-count').textContent.trim()).toMatch(/^1\s+set/)
    // Changes on screen are not the view's; a click on it shows it as saved again.
    await fireEvent.input(screen.getByLabelText('Search sets'), { target: { value: 'zzz' } })
    await settle()
    expect(screen.getByTestId('result-count').textContent.trim()).toMatch(/^0\s+sets/)
    await fireEvent.click(within(sidebar()).getByRole('link', { name: /Owned Space/ }))
    await settle()
    expect(screen.getByLabelText<HTMLInputElement>('Search sets').value).toBe('')
    expect(screen.getByTestId('result-count').textContent.trim()).toMatch(/^1\s+set/)
  })

  it('moves a view with Alt+Down, renames and deletes it (after a confirm)', async () => {
    await start()
    const first = within(sidebar()).getByRole('link', { name: /Castles by year/ })
    first.focus()
    await fireEvent.keyDown(first, { key: 'ArrowDown', altKey: true })
    await settle()
    expect(listed().map((t) => t.split(' ')[0])).toEqual(['Owned', 'Castles'])
    expect(document.activeElement?.textContent).toMatch(/Castles by year/)

    await fireEvent.click(
      within(sidebar()).getByRole('button', { name: 'Rename, move or delete the view Owned Space' })
    )
    let dialog = screen.getByRole('dialog', { name: 'Saved view “Owned Space”' })
    await fireEvent.input(within(dialog).getByLabelText('Name'), { target: { value: 'My Space' } })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }))
    await settle()
    expect(listed()).toEqual(['My Space 1 set', 'Castles by year 125 sets'])

    await fireEvent.click(
      within(sidebar()).getByRole('button', { name: 'Rename, move or delete the view My Space' })
    )
    dialog = screen.getByRole('dialog', { name: 'Saved view “My Space”' })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Delete…' }))
    // Nothing is deleted before the user confirms.
    expect(listed()).toHaveLength(2)
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the view' }))
    await settle()
    expect(listed()).toEqual(['Castles by year 125 sets'])
  })

  it('drags a view to another place', async () => {
    fake.add('Second', savedQuery.parse({}))
    await start()
    backend.emit('data:changed', { scope: 'collection', setIDs: [] })
    await settle()
    expect(listed().map((t) => t.split(' ')[0])).toEqual(['Castles', 'Second'])
    const items = within(within(sidebar()).getByTestId('saved-views')).getAllByRole('listitem')
    const [first, second] = items as [HTMLElement, HTMLElement]
    await fireEvent.dragStart(second, { dataTransfer: { setData: () => undefined } })
    await fireEvent.dragOver(first)
    await fireEvent.drop(first)
    await settle()
    expect(listed().map((t) => t.split(' ')[0])).toEqual(['Second', 'Castles'])
    expect(fake.rows.map((r) => r.name)).toEqual(['Second', 'Castles by year'])
    // Put back for the next test.
    await backend.invoke('views:delete', { id: fake.rows[0]?.id ?? 0 })
    backend.emit('data:changed', { scope: 'collection', setIDs: [] })
    await settle()
  })

  it('a view whose query no longer reads is shown as broken, and can be deleted', async () => {
    fake.add('Old', { sort: 'colour' })
    await start()
    backend.emit('data:changed', { scope: 'collection', setIDs: [] })
    await settle()
    expect(within(sidebar()).queryByRole('link', { name: /Old/ })).toBeNull()
    expect(listed()[1]).toMatch(/⚠\s*Old: cannot be opened/)
    await fireEvent.click(
      within(sidebar()).getByRole('button', { name: 'Rename, move or delete the view Old' })
    )
    const dialog = screen.getByRole('dialog', { name: 'Saved view “Old”' })
    expect(within(dialog).getAllByRole('alert')[0]?.textContent).toMatch(/cannot be opened/)
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Delete…' }))
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the view' }))
    await settle()
    expect(listed()).toEqual(['Castles by year 125 sets'])
  })
})
