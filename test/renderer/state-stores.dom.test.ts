import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setTransport } from '../../src/renderer/src/lib/api'
import { AccountState } from '../../src/renderer/src/lib/state/account.svelte'
import { detail } from '../../src/renderer/src/lib/state/detail.svelte'
import { Edits } from '../../src/renderer/src/lib/state/edits.svelte'
import { FlagLabels } from '../../src/renderer/src/lib/state/flags.svelte'
import { Notices, notices } from '../../src/renderer/src/lib/state/notices.svelte'
import { Panels } from '../../src/renderer/src/lib/state/panels.svelte'
import { search } from '../../src/renderer/src/lib/state/search.svelte'
import { Theme } from '../../src/renderer/src/lib/state/theme.svelte'
import { accountStatus } from './account-status'
import { settle } from './dom-env'
import { FakeBackend, flagsPatch } from './fake-backend'

let backend: FakeBackend
beforeEach(() => {
  backend = new FakeBackend(30)
  setTransport(backend)
  notices.toasts = []
  localStorage.clear()
})
afterEach(() => {
  setTransport(null)
})

describe('FlagLabels', () => {
  it('names an unnamed flag by its number and takes the names the back end keeps', async () => {
    const f = new FlagLabels()
    backend.labels = backend.labels.map((l) => (l.flagNo === 2 ? { ...l, label: 'Boxed' } : l))
    await f.load()
    expect(f.label(1)).toBe('Flag 1')
    expect(f.label(2)).toBe('Boxed')
    expect(await f.rename(3, 'Lent out')).toBe(true)
    expect(f.labels[2]).toBe('Lent out')
  })

  it('a refused rename keeps the old name and says why', async () => {
    const f = new FlagLabels()
    backend.failures['flags:setLabel'] = {
      code: 'invalid_input',
      message: 'A flag name has at most 40 characters.',
      retryable: false
    }
    expect(await f.rename(1, 'x'.repeat(99))).toBe(false)
    expect(f.label(1)).toBe('Flag 1')
    expect(notices.toasts).toHaveLength(1)
  })
})

describe('Notices', () => {
  it('shows one toast per message, at most four, and a fatal error as the screen', () => {
    const n = new Notices()
    n.info('Saved')
    n.info('Saved')
    expect(n.toasts.map((t) => t.text)).toEqual(['Saved'])
    for (const text of ['a', 'b', 'c', 'd']) n.info(text)
    expect(n.toasts.map((t) => t.text)).toEqual(['a', 'b', 'c', 'd'])
    n.error({ code: 'db_error', message: 'disk', retryable: false })
    expect(n.fatal?.title).toBe('Data problem')
    expect(n.toasts).toHaveLength(4)
    const [first] = n.toasts
    n.dismiss(first?.id ?? 0)
    expect(n.toasts.map((t) => t.text)).toEqual(['b', 'c', 'd'])
  })
})

describe('Edits', () => {
  it('an answered edit reaches the list row and the open set alike', async () => {
    const e = new Edits()
    search.setText('')
    await settle()
    void detail.open(1)
    await settle()
    const answer = await e.updateSet(1, { owned: true })
    expect(answer?.owned).toBe(true)
    expect(search.rowAt(0)?.collection.owned).toBe(true)
    expect(detail.set?.collection.owned).toBe(true)
    expect(e.saving.has(1)).toBe(false)
    detail.close()
  })

  it('a flag toggle flips that flag only; a failed edit offers to try again', async () => {
    const e = new Edits()
    const flags = [true, false, false, false, false, false, false, false]
    await e.toggleFlag(2, flags, 3)
    expect(backend.callsTo('collection:updateSet').at(-1)?.patch.flags).toEqual(flagsPatch(1, 3))
    backend.failures['collection:updateSet'] = {
      code: 'offline',
      message: 'The back end cannot be reached.',
      retryable: true
    }
    const sent = backend.callsTo('collection:updateSet').length
    expect(await e.updateSet(2, { notes: 'x' })).toBeNull()
    const [toast] = notices.toasts
    delete backend.failures['collection:updateSet']
    toast?.retry?.()
    await settle()
    expect(
      backend
        .callsTo('collection:updateSet')
        .slice(sent)
        .map((c) => c.patch)
    ).toEqual([{ notes: 'x' }, { notes: 'x' }])
    expect(backend.sets.find((x) => x.setID === 2)?.collection.notes).toBe('x')
  })
})

describe('AccountState', () => {
  it('opens the settings when the stored settings cannot be used', async () => {
    window.history.replaceState(null, '', '#/browse')
    backend.override('account:getStatus', () =>
      accountStatus({ problem: 'The service address must use https.' })
    )
    const a = new AccountState()
    await a.load()
    expect(a.status?.problem).toBe('The service address must use https.')
    expect(window.location.hash).toBe('#/settings')
  })

  it('a sign-in that works says so; one that fails leaves the status as it was', async () => {
    const a = new AccountState()
    backend.override('account:signIn', () => accountStatus({ signedIn: true, username: 'ann' }))
    expect(await a.signIn('ann', 'pw')).toBe(true)
    expect(a.status?.username).toBe('ann')
    expect(notices.toasts.map((t) => t.text)).toEqual(['Signed in'])
    backend.failures['account:signIn'] = {
      code: 'invalid_credentials',
      message: 'The user name or password is wrong.',
      retryable: false
    }
    expect(await a.signIn('ann', 'wrong')).toBe(false)
    expect(a.status?.username).toBe('ann')
    expect(a.busy).toBe(false)
  })
})

describe('Theme and Panels', () => {
  it('a chosen theme is applied and kept; system follows the system again', () => {
    new Theme().set('dark')
    expect(document.documentElement.dataset.theme).toBe('dark')
    expect(new Theme().mode).toBe('dark')
    new Theme().set('system')
    expect(document.documentElement.dataset.theme).toBeUndefined()
    expect(new Theme().mode).toBe('system')
  })

  it('the filter panel remembers being closed', () => {
    const p = new Panels()
    expect(p.filtersOpen).toBe(true)
    p.toggleFilters()
    expect(new Panels().filtersOpen).toBe(false)
  })

  it('the filter panel starts closed in a narrow window, and closes when the window narrows', () => {
    let narrow = true
    const listeners: ((e: { matches: boolean }) => void)[] = []
    window.matchMedia = ((query: string) => ({
      get matches() {
        return query === '(max-width: 900px)' && narrow
      },
      addEventListener: (_: string, f: (e: { matches: boolean }) => void) => listeners.push(f)
    })) as unknown as typeof window.matchMedia
    try {
      // Open by choice, but a narrow window has no room beside the list: it starts closed.
      expect(new Panels().filtersOpen).toBe(false)
      narrow = false
      const p = new Panels()
      expect(p.filtersOpen).toBe(true)
      narrow = true
      for (const f of listeners) f({ matches: true })
      expect(p.filtersOpen).toBe(false)
      // The user's own choice (open) is kept for the next wide window.
      narrow = false
      expect(new Panels().filtersOpen).toBe(true)
    } finally {
      Reflect.deleteProperty(window, 'matchMedia')
    }
  })
})
