import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/svelte'
import { openSetPage, serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend, flagsPatch } from './fake-backend'

const backend = new FakeBackend(50)
const SET = 7

serveApp(backend)

describe('set detail and editing', () => {
  it('shows facts, prices, barcodes, instructions as an https link and community counts', async () => {
    const page = await openSetPage(SET)
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(
      backend.sets[SET - 1]?.name
    )
    expect(page.textContent).toContain('UK £9.99')
    expect(page.textContent).toContain('EAN 5702010000000')
    expect(page.textContent).toContain('10 own it · 3 want it')
    const link = within(page).getByRole('link', { name: /Book 1/ })
    expect(link.getAttribute('href')).toBe('https://example.com/i.pdf')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('marks owned with quantity 2 and shows the saved-waiting-to-sync state', async () => {
    const page = await openSetPage(SET)
    await fireEvent.click(within(page).getByRole('checkbox', { name: 'Owned' }))
    await settle()
    await fireEvent.click(within(page).getByRole('button', { name: 'Increase quantity owned' }))
    await settle()
    await fireEvent.click(within(page).getByRole('button', { name: 'Increase quantity owned' }))
    await settle()
    const patches = backend.callsTo('collection:updateSet').map((c) => c.patch)
    expect(patches).toEqual([
      { owned: true },
      { qtyOwned: 1, owned: true },
      { qtyOwned: 2, owned: true }
    ])
    expect(within(page).getByRole('spinbutton', { name: 'Quantity owned' })).toHaveProperty(
      'value',
      '2'
    )
    expect(page.textContent).toContain('Saved, waiting to sync')
  })

  it('sends all eight flags when one is toggled', async () => {
    const page = await openSetPage(SET)
    const group = within(page).getByRole('group', { name: 'Flags' })
    await fireEvent.click(within(group).getByRole('button', { name: 'Flag 3' }))
    await settle()
    const patch = backend.callsTo('collection:updateSet').at(-1)?.patch
    expect(patch?.flags).toEqual(flagsPatch(3))
    expect(within(group).getByRole('button', { name: 'Flag 3' }).getAttribute('aria-pressed')).toBe(
      'true'
    )
  })

  it('validates a copy inline and saves it with price and condition', async () => {
    const page = await openSetPage(SET)
    await fireEvent.click(within(page).getByRole('button', { name: 'Add copy' }))
    await settle()
    const dialog = screen.getByRole('dialog', { name: 'Add a copy' })
    const currency = within(dialog).getByRole('combobox', { name: 'Currency' })
    await fireEvent.input(within(dialog).getByLabelText('Price paid'), { target: { value: '-3' } })
    await settle()
    expect(dialog.textContent).toContain('Enter an amount of 0 or more')
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save copy' }))
    await settle()
    expect(backend.callsTo('collection:saveCopy')).toHaveLength(0)

    await fireEvent.change(currency, { target: { value: 'USD' } })
    await fireEvent.input(within(dialog).getByLabelText('Price paid'), {
      target: { value: '49.99' }
    })
    await fireEvent.change(within(dialog).getByLabelText('Condition when acquired'), {
      target: { value: 'New' }
    })
    await settle()
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save copy' }))
    await settle()
    const saved = backend.callsTo('collection:saveCopy')
    expect(saved).toHaveLength(1)
    expect(saved[0]?.copy).toMatchObject({
      currency: 'USD',
      pricePaid: 49.99,
      conditionWhenAcquired: 'New'
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    const table = within(page).getByRole('table')
    expect(table.textContent).toContain('$49.99')
    expect(table.textContent).toContain('New →')
  })

  it('keeps half-typed notes when the set is refreshed underneath, and saves them on leaving', async () => {
    const page = await openSetPage(SET)
    const notes = within(page).getByRole('textbox', { name: /^Notes/ })
    await fireEvent.input(notes, { target: { value: 'typed while a sync finished' } })
    // A sync elsewhere changes this set: the detail reloads while the user is still typing.
    const s = backend.sets[SET - 1]
    if (!s) throw new Error('no set')
    backend.sets[SET - 1] = { ...s, collection: { ...s.collection, notes: 'from the service' } }
    backend.emit('data:changed', { scope: 'collection', setIDs: [SET] })
    await settle(8)
    expect(notes).toHaveProperty('value', 'typed while a sync finished')
    await fireEvent.blur(notes)
    await settle()
    expect(backend.callsTo('collection:updateSet').map((c) => c.patch)).toContainEqual({
      notes: 'typed while a sync finished'
    })
    expect(notes).toHaveProperty('value', 'typed while a sync finished')
  })

  it('shows review markup as inert text, never as HTML', async () => {
    backend.reviewText =
      'Nice <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>build'
    const page = await openSetPage(SET)
    const reviews = within(page).getByRole('region', { name: /Reviews/ })
    expect(reviews.querySelector('img, script')).toBeNull()
    expect(reviews.textContent).toContain('Nice build')
    expect(reviews.textContent).toContain('Parts 4/5')
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined()
  })
})
