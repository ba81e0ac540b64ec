import { on, onRefused, tryCall } from './api'
import { coalesced } from './coalesce'
import { dataRequests } from './state/data-requests.svelte'
import { selectAll } from './select-all'
import { account } from './state/account.svelte'
import { detail } from './state/detail.svelte'
import { flags } from './state/flags.svelte'
import { help } from './state/help.svelte'
import { nav } from './state/nav.svelte'
import { notices } from './state/notices.svelte'
import { search } from './state/search.svelte'
import { sync } from './state/sync.svelte'
import { views } from './state/views.svelte'

/** First load and the event wiring: main pushes, the stores listen; views only read the stores. */
export function boot(): () => void {
  onRefused(() => {
    notices.refuse()
  })
  // Announcements come in bursts (a sync, a long import): each screen refreshes at most once more.
  const reloadList = coalesced(() => search.reload())
  const refreshViews = coalesced(() => views.refresh())
  const loadFlags = coalesced(() => flags.load())
  const loadOutbox = coalesced(() => sync.outboxChanged())
  const reloadDetail = coalesced(() => detail.reload())
  const reloadCopies = coalesced(() => detail.reloadCopies())
  const recount = coalesced(() => search.recount())
  void search.refresh()
  void views.ready()
  void flags.load()
  void account.load()
  void sync.load()
  const off = [
    on('sync:status', (status) => {
      const before = sync.status
      sync.apply(status)
      // A finished pull or a grown catalogue means the list on screen is stale.
      const finished = before?.running === true && !status.running
      if (finished || (before !== null && before.catalogueSets !== status.catalogueSets)) {
        void reloadList()
        void refreshViews()
        // Flag labels arrive with the collection pull.
        void loadFlags()
      }
    }),
    on('data:changed', (change) => {
      if (change.scope === 'collection' && change.states !== undefined) {
        // A few sets' states, sent whole: patch them, recount, and read nothing else.
        const open = detail.setID
        search.patchSets(change.states)
        for (const s of change.states) detail.patchCollection(s.setID, s.collection)
        void (search.followsCollection() ? reloadList() : recount())
        if (views.list.length > 0) void refreshViews()
        if (open !== null && change.setIDs.includes(open)) void reloadCopies()
        void loadOutbox()
        return
      }
      void reloadList()
      // Each saved view's count is of the data as it is now.
      void refreshViews()
      const open = detail.setID
      if (open !== null && (change.scope === 'all' || change.setIDs.includes(open))) {
        void reloadDetail()
      }
      if (change.scope !== 'catalogue') {
        void loadOutbox()
        void loadFlags()
      }
    }),
    on('sync:sets', (change) => {
      // Badges only: counts, lists and labels are as they were.
      if (change.states === null) void reloadList()
      else {
        search.patchSets(change.states)
        for (const s of change.states) detail.patchCollection(s.setID, s.collection)
      }
      const open = detail.setID
      if (open !== null && change.setIDs.includes(open)) void reloadCopies()
    }),
    on('menu:command', ({ command }) => {
      // The Electron application menu drives the same actions as the keyboard and the screens.
      if (command === 'sync') void sync.start()
      else if (command === 'undo') void sync.undo()
      else if (command === 'redo') void sync.redo()
      else if (command === 'selectAll') selectAll()
      else if (command === 'import' || command === 'export') nav.go('exchange')
      else if (command === 'backup' || command === 'restore' || command === 'restoreOpened') {
        // The data panel lives on the exchange screen; it takes the request once it is shown.
        dataRequests.ask(command)
        nav.go('exchange')
      } else if (command === 'settings') nav.go('settings')
      else if (command === 'shortcuts') help.showShortcuts()
      else if (command === 'licenses') help.showLicenses()
      else document.querySelector<HTMLInputElement>('input[type="search"]')?.focus()
    }),
    on('account:changed', (status) => {
      account.follow(status)
      void loadFlags()
      void reloadList()
      // Saved views are the profile's own.
      void refreshViews()
    })
  ]
  // A backup the OS started Studbook with: its announcement may have come before anyone listened.
  void tryCall('exchange:openedBackup', {}).then((r) => {
    if (r.ok && r.value.waiting) {
      dataRequests.ask('restoreOpened')
      nav.go('exchange')
    }
  })
  return () => {
    onRefused(null)
    for (const fn of off) fn()
  }
}
