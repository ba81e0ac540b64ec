import type {
  ChannelInput,
  ChannelName,
  ChannelOutput,
  EventMap,
  EventName
} from '../../src/shared/ipc/contract'
import type { Result } from '../../src/shared/ipc/result'
import type { AppErrorData } from '../../src/shared/errors'
import type { SetDetailDto, SetSummaryDto, FacetCount } from '../../src/shared/model/catalog'
import type { CopyDto, SetCollectionDto } from '../../src/shared/model/collection'
import type { OutboxItemDto, SyncStatus } from '../../src/shared/model/sync'
import type { Transport } from '../../src/renderer/src/lib/api'

/**
 * An in-memory back end for component tests: it answers the contract from a small generated
 * catalogue, records every call and can push events, so tests see what the user would see.
 */
type Handler<K extends ChannelName> = (input: ChannelInput<K>) => ChannelOutput<K>
type Handlers = { [K in ChannelName]?: Handler<K> }

const THEMES = ['Castle', 'Space', 'Town', 'Pirates']

export function makeSet(setID: number): SetDetailDto {
  const theme = THEMES[setID % THEMES.length] ?? 'Castle'
  const collection: SetCollectionDto = {
    owned: false,
    wanted: false,
    qtyOwned: 0,
    notes: '',
    rating: 0,
    flags: Array.from({ length: 8 }, () => false),
    sync: 'synced'
  }
  const summary: SetSummaryDto = {
    setID,
    fullNumber: `${1000 + setID}-1`,
    number: String(1000 + setID),
    numberVariant: 1,
    name: `${theme} set ${setID}`,
    year: 1990 + (setID % 30),
    theme,
    subtheme: setID % 2 === 0 ? 'Even' : 'Odd',
    pieces: 100 + setID,
    minifigs: setID % 5,
    availability: 'Retail',
    rating: 4,
    thumbnail: null,
    collection
  }
  return {
    ...summary,
    themeGroup: 'Group',
    category: 'Normal',
    packagingType: 'Box',
    released: true,
    image: null,
    largeImage: null,
    serviceURL: `https://example.com/sets/${setID}`,
    prices: { UK: '9.99', US: '12.99', CA: null, EU: null },
    shopDateAdded: null,
    shopDateRemoved: null,
    shopDates: {
      US: { first: null, last: null },
      UK: { first: null, last: null },
      CA: { first: null, last: null },
      DE: { first: null, last: null }
    },
    ageMin: 6,
    ageMax: 12,
    dimensions: { height: null, width: null, depth: null, weight: null },
    EAN: '5702010000000',
    UPC: null,
    description: '',
    tags: [],
    ownedByTotal: 10,
    wantedByTotal: 3,
    reviewCount: 1,
    instructionsCount: 1,
    additionalImageCount: 0,
    lastUpdated: '2024-01-01T00:00:00Z'
  }
}

/** The flags patch an edit sends: all eight flags, true for the numbers given. */
export function flagsPatch(...set: number[]): Record<string, boolean> {
  return Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [String(i + 1), set.includes(i + 1)])
  )
}

function facet(values: string[]): FacetCount[] {
  const m = new Map<string, number>()
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1)
  return [...m].map(([value, count]) => ({ value, count }))
}

export class FakeBackend implements Transport {
  readonly sets: SetDetailDto[]
  readonly calls: { channel: ChannelName; input: unknown }[] = []
  copies: CopyDto[] = []
  outbox: OutboxItemDto[] = []
  labels = Array.from({ length: 8 }, (_, i) => ({ flagNo: i + 1, label: '' }))
  status: SyncStatus = {
    running: false,
    phase: 'idle',
    done: 0,
    total: 0,
    // A catalogue synced once, as most tests want it; "never synced" is a test of its own.
    lastSyncAt: '2026-11-20T09:00:00.000Z',
    outcome: 'complete',
    online: true,
    connected: true,
    error: null,
    pending: 0,
    needsAttention: 0,
    conflicts: 0,
    allowance: { limit: null, used: 0, remaining: null },
    catalogueSets: 0,
    catalogueIncomplete: null
  }
  reviewText = 'Great build.'
  /** Channels that answer with this error instead. */
  failures: Partial<Record<ChannelName, AppErrorData>> = {}
  private listeners = new Map<EventName, Set<(p: unknown) => void>>()
  private overrides: Handlers = {}

  constructor(count = 500) {
    this.sets = Array.from({ length: count }, (_, i) => makeSet(i + 1))
    this.status = { ...this.status, catalogueSets: count }
  }

  override<K extends ChannelName>(channel: K, handler: Handler<K>): void {
    ;(this.overrides as Record<string, unknown>)[channel] = handler
  }

  emit<E extends EventName>(event: E, payload: EventMap[E]): void {
    for (const fn of this.listeners.get(event) ?? []) fn(payload)
  }

  callsTo<K extends ChannelName>(channel: K): ChannelInput<K>[] {
    return this.calls.filter((c) => c.channel === channel).map((c) => c.input as ChannelInput<K>)
  }

  subscribe<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set()
    this.listeners.set(event, set)
    const fn = listener as (p: unknown) => void
    set.add(fn)
    return () => set.delete(fn)
  }

  invoke<K extends ChannelName>(
    channel: K,
    input: ChannelInput<K>
  ): Promise<Result<ChannelOutput<K>>> {
    this.calls.push({ channel, input })
    const failure = this.failures[channel]
    if (failure) return Promise.resolve({ ok: false, error: failure })
    const handler = this.overrides[channel] ?? this.defaults()[channel]
    if (!handler) {
      return Promise.resolve({
        ok: false,
        error: { code: 'internal', message: `not in fake: ${channel}`, retryable: false }
      })
    }
    try {
      return Promise.resolve({ ok: true, value: handler(input) })
    } catch (e) {
      // A handler may refuse as main does: an error with a code becomes that failure.
      if (e instanceof Error && 'code' in e && typeof e.code === 'string') {
        const error = { code: e.code, message: e.message, retryable: false } as AppErrorData
        return Promise.resolve({ ok: false, error })
      }
      throw e
    }
  }

  search(q: ChannelInput<'catalog:search'>): ChannelOutput<'catalog:search'> {
    const text = (q.text ?? '').toLowerCase()
    const rows = this.sets.filter(
      (s) =>
        (text === '' || `${s.name} ${s.fullNumber} ${s.theme}`.toLowerCase().includes(text)) &&
        (q.theme === undefined || s.theme === q.theme) &&
        (q.subtheme === undefined || s.subtheme === q.subtheme) &&
        (q.yearFrom === undefined || (s.year ?? 0) >= q.yearFrom) &&
        (q.yearTo === undefined || (s.year ?? 0) <= q.yearTo) &&
        (q.owned === undefined || s.collection.owned === q.owned) &&
        (q.wanted === undefined || s.collection.wanted === q.wanted) &&
        (q.flags ?? []).every((f) => s.collection.flags[f - 1])
    )
    const offset = q.offset ?? 0
    return {
      total: rows.length,
      offset,
      rows: rows.slice(offset, offset + (q.limit ?? 100)),
      facets: q.facets
        ? {
            themes: facet(rows.map((s) => s.theme)),
            subthemes: facet(rows.map((s) => s.subtheme)),
            years: facet(rows.map((s) => String(s.year))),
            availability: facet(rows.map((s) => s.availability)),
            owned: rows.filter((s) => s.collection.owned).length,
            wanted: rows.filter((s) => s.collection.wanted).length,
            flags: Array.from(
              { length: 8 },
              (_, i) => rows.filter((s) => s.collection.flags[i]).length
            )
          }
        : null
    }
  }

  private set(setID: number): SetDetailDto {
    const s = this.sets.find((x) => x.setID === setID)
    if (!s) throw new Error(`no set ${setID}`)
    return s
  }

  private defaults(): Handlers {
    return {
      'app:getInfo': () => ({
        version: '0.1.0',
        host: 'browser',
        profile: { kind: 'demo', label: 'Demo' }
      }),
      'exchange:openedBackup': () => ({ waiting: false }),
      'catalog:search': (q) => this.search(q),
      'catalog:getSet': ({ setID }) => this.set(setID),
      'catalog:getSetExtras': ({ setID }) => ({
        setID,
        images: [],
        instructions: [{ url: 'https://example.com/i.pdf', description: 'Book 1' }],
        reviews: [
          {
            author: 'ann',
            datePosted: '2024-02-02',
            title: 'Fun',
            text: this.reviewText,
            overallRating: 5,
            parts: 4,
            buildingExperience: 5,
            playability: 3,
            valueForMoney: 2
          }
        ],
        fetchedAt: null
      }),
      'catalog:listConditions': ({ which }) =>
        which === 'acquired' ? ['New', 'Used'] : ['Built', 'Sealed'],
      'collection:listCopies': ({ setID }) => this.copies.filter((c) => c.setID === setID),
      'collection:listSetMinifigs': () => [],
      'collection:saveCopy': ({ setID, localId, copy }) => {
        const saved: CopyDto = {
          ...copy,
          localId: localId ?? `c${this.copies.length + 1}`,
          modified: copy.modified ?? false,
          collectionID: null,
          setID,
          keptLocal: false,
          outboxId: null,
          sync: 'pending'
        }
        this.copies = [...this.copies.filter((c) => c.localId !== saved.localId), saved]
        return saved
      },
      'collection:deleteCopy': ({ localId }) => {
        this.copies = this.copies.filter((c) => c.localId !== localId)
        return null
      },
      'collection:updateSet': ({ setID, patch }) => {
        const s = this.set(setID)
        const flags = [...s.collection.flags]
        for (const [k, v] of Object.entries(patch.flags ?? {})) flags[Number(k) - 1] = v
        const was = s.collection
        const collection: SetCollectionDto = {
          ...was,
          owned: patch.owned ?? was.owned,
          wanted: patch.wanted ?? was.wanted,
          qtyOwned: patch.qtyOwned ?? was.qtyOwned,
          notes: patch.notes ?? was.notes,
          rating: patch.rating ?? was.rating,
          flags,
          sync: 'pending'
        }
        this.sets[this.sets.indexOf(s)] = { ...s, collection }
        return collection
      },
      'views:list': () => [],
      'flags:getLabels': () => this.labels,
      'flags:setLabel': ({ flagNo, label }) => {
        this.labels = this.labels.map((l) => (l.flagNo === flagNo ? { flagNo, label } : l))
        return this.labels
      },
      'sync:getStatus': () => this.status,
      'sync:start': () => this.status,
      'outbox:list': () => this.outbox,
      'outbox:retry': ({ id }) => {
        this.outbox = this.outbox.map((o) =>
          o.id === id ? { ...o, state: 'pending', reason: null } : o
        )
        return this.outbox
      },
      'outbox:resolveConflict': ({ id }) => {
        this.outbox = this.outbox.filter((o) => o.id !== id)
        return this.outbox
      },
      'journal:list': () => [],
      'journal:next': () => ({
        undo: {
          id: 1,
          at: '2024-01-01T00:00:00Z',
          description: 'owned 1001-1',
          undone: false,
          sets: 1
        },
        redo: null
      }),
      'journal:undo': () => ({
        entry: { id: 1, at: '2024-01-01T00:00:00Z', description: 'owned 1001-1', undone: true },
        applied: true,
        canUndo: false,
        canRedo: true
      })
    }
  }
}
