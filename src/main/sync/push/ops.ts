import { AppError } from '../../../shared/errors'
import type { ServiceName } from '../../../shared/protocol/operations'
import type { CollectionDetailRecord, SetRecord } from '../../../shared/protocol/records'
import type { CollectionDetailInput, ServiceClient } from '../../service/index'
import { isoOfServiceDate } from '../../../shared/model/service-date'
import type { CopyValue, MinifigValue } from '../../collection/index'

/**
 * How each kind of outbox row is written to and read back from the service the profile offers
 * (docs/protocol.md §2, §5, §7). Values are compared in one normal form: what the local state holds.
 */

export type Offers = (service: ServiceName, operation: string) => boolean

export interface PushTarget {
  readonly kind: 'set' | 'copy' | 'minifig' | 'label'
  readonly id: string
  readonly field: string
  readonly setID: number | null
}

export function parseTarget(target: string, field: string, setID: number | null): PushTarget {
  const colon = target.indexOf(':')
  const kind = target.slice(0, colon)
  if (kind !== 'set' && kind !== 'copy' && kind !== 'minifig' && kind !== 'label') {
    throw new AppError('internal', `Unknown outbox target ${kind}`)
  }
  return { kind, id: target.slice(colon + 1), field, setID }
}

const bit = (b: unknown): number => (b === true ? 1 : 0)
const unsupported = (what: string): AppError =>
  new AppError('service_error', `This service cannot store ${what}.`, { reason: 'unsupported' })

/** A cache of server reads for one push round; a write drops what it may have changed. */
export class ServerReads {
  private readonly cache = new Map<string, Promise<unknown>>()
  constructor(private readonly client: ServiceClient) {}

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.cache.get(key) as Promise<T> | undefined
    if (!p) {
      p = load()
      this.cache.set(key, p)
      p.catch(() => this.cache.delete(key))
    }
    return p
  }

  forget(setID: number | null): void {
    for (const key of [...this.cache.keys()]) {
      if (setID === null || key.endsWith(`:${setID}`) || !/:\d+$/.test(key)) this.cache.delete(key)
    }
  }

  v2Set(setID: number): Promise<SetRecord | null> {
    return this.once(
      `v2set:${setID}`,
      async () => (await this.client.v2.getSet({ SetID: setID }))[0] ?? null
    )
  }

  v3Collection(setID: number): Promise<Record<string, unknown> | null> {
    return this.once(`v3set:${setID}`, async () => {
      const page = await this.client.v3.getSets({ params: { setID: String(setID) } })
      const c = page?.sets?.[0]?.['collection']
      return typeof c === 'object' && c !== null ? (c as Record<string, unknown>) : null
    })
  }

  minifig(number: string): Promise<MinifigValue> {
    return this.once(`minifig-${number}`, async () => {
      const list = await this.client.v2.getMinifigCollection({
        query: number,
        owned: '',
        wanted: ''
      })
      const m = list.find((r) => (r.minifigNumber ?? '').toLowerCase() === number.toLowerCase())
      return { ownedLoose: m?.ownedLoose ?? 0, wanted: m?.wanted ?? false }
    })
  }

  labels(): Promise<string[]> {
    return this.once('labels', async () => {
      const r = await this.client.v3.getUserFlagLabels()
      const out = new Array<string>(8).fill('')
      for (const f of r?.flags ?? [])
        if (f.flagNo >= 1 && f.flagNo <= 8) out[f.flagNo - 1] = f.label
      return out
    })
  }
}

/** The service's value for a row's field, in local form; undefined when it cannot be read here. */
export async function readServer(
  t: PushTarget,
  reads: ServerReads,
  offers: Offers
): Promise<unknown> {
  switch (t.kind) {
    case 'set': {
      const setID = Number(t.id)
      const flag = /^flag([1-8])$/.exec(t.field)
      if (flag || (t.field === 'rating' && !offers('v2', 'getSet'))) {
        if (!offers('v3', 'getSets')) return undefined
        const c = await reads.v3Collection(setID)
        if (!c) return undefined
        if (t.field === 'rating') return Number(c['rating'] ?? 0)
        const flags = Array.isArray(c['flags'])
          ? (c['flags'] as { flagNo?: unknown; value?: unknown }[])
          : []
        return flags.find((f) => f.flagNo === Number(flag?.[1]))?.value === true
      }
      if (!offers('v2', 'getSet')) return undefined
      const s = await reads.v2Set(setID)
      if (!s) return undefined
      switch (t.field) {
        case 'owned':
          return s.owned
        case 'wanted':
          return s.wanted
        case 'qtyOwned':
          return s.qtyOwned
        case 'notes':
          return s.userNotes ?? ''
        case 'rating':
          return Number(s.userRating ?? 0) || 0
        default:
          return undefined
      }
    }
    case 'minifig':
      return offers('v2', 'getMinifigCollection') ? reads.minifig(t.id) : undefined
    case 'label': {
      if (!offers('v3', 'getUserFlagLabels')) return undefined
      return (await reads.labels())[Number(t.id) - 1] ?? ''
    }
    case 'copy':
      return undefined // copies are compared by collectionID in copy.ts
  }
}

/** Writes one row's desired value with the operation the profile's service offers. */
export async function writeServer(
  t: PushTarget,
  desired: unknown,
  client: ServiceClient,
  offers: Offers
): Promise<void> {
  if (t.kind === 'set') {
    const setID = Number(t.id)
    const flag = /^flag([1-8])$/.exec(t.field)
    const v2: Record<string, [string, Record<string, unknown>]> = {
      owned: ['setCollection_owns', { owned: bit(desired) }],
      wanted: ['setCollection_wants', { wanted: bit(desired) }],
      qtyOwned: ['setCollection_qtyOwned', { qtyOwned: desired }],
      notes: ['setCollection_userNotes', { notes: desired }],
      rating: ['setUserRating', { rating: desired }]
    }
    const legacy: Record<string, [string, Record<string, unknown>]> = {
      owned: ['updateOwn', { own: bit(desired) }],
      wanted: ['updateWant', { want: bit(desired) }],
      qtyOwned: ['updateQtyOwned', { qty: desired }],
      notes: ['updateUserNotes', { notes: desired }]
    }
    const viaV2 = v2[t.field]
    if (viaV2 && offers('v2', viaV2[0])) {
      await client.call('v2', viaV2[0], { setID, ...viaV2[1] })
      return
    }
    if ((flag || t.field === 'rating' || t.field === 'notes') && offers('v3', 'setCollection')) {
      const key = flag ? `flag${flag[1] ?? ''}` : t.field
      // v3 reads an empty note as "unchanged"; a single space clears (docs/protocol.md §5).
      const value = typeof desired === 'boolean' ? bit(desired) : desired === '' ? ' ' : desired
      await client.v3.setCollection({ SetID: setID, params: { [key]: value } })
      return
    }
    const viaLegacy = legacy[t.field]
    if (viaLegacy && offers('legacy', viaLegacy[0])) {
      await client.call('legacy', viaLegacy[0], { setID, ...viaLegacy[1] })
      return
    }
    throw unsupported(flag ? 'flags' : t.field)
  }
  if (t.kind === 'minifig') {
    const m = desired as MinifigValue
    if (offers('v2', 'setMinifigCollection')) {
      await client.v2.setMinifigCollection({
        minifigNumber: t.id,
        qtyOwned: m.ownedLoose,
        wanted: bit(m.wanted)
      })
    } else if (offers('v3', 'setMinifigCollection')) {
      await client.v3.setMinifigCollection({
        minifigNumber: t.id,
        params: { qtyOwned: m.ownedLoose, want: bit(m.wanted) }
      })
    } else throw unsupported('minifigures')
    return
  }
  if (t.kind === 'label') {
    if (!offers('v3', 'setUserFlagLabels')) throw unsupported('flag labels')
    await client.v3.setUserFlagLabels({ params: { [t.id]: desired } })
    return
  }
  throw new AppError('internal', 'copies are written by pushCopy')
}

/**
 * A copy as the service record, for setCollectionDetail (SOAP bindings only). `dateText` is the
 * text to send for the date (see serviceDateText); `modified` goes back as the copy holds it.
 */
export function detailOf(
  collectionID: number,
  c: CopyValue,
  dateText: string,
  deleted: boolean
): CollectionDetailInput {
  return { collectionID, ...c, dateAcquired: dateText, deleted }
}

const money = (n: number): number => Math.round(n * 10000)

/** Whether the service's record holds this copy's values (money to the service's four decimals). */
export function sameCopy(r: CollectionDetailRecord, c: CopyValue): boolean {
  return (
    isoOfServiceDate(r.dateAcquired) === c.dateAcquired &&
    (r.currency ?? '') === c.currency &&
    money(r.pricePaid) === money(c.pricePaid) &&
    money(r.additionalPricePaid) === money(c.additionalPricePaid) &&
    money(r.currentEstimatedValue) === money(c.currentEstimatedValue) &&
    (r.conditionWhenAcquired ?? '') === c.conditionWhenAcquired &&
    (r.acquiredFrom ?? '') === c.acquiredFrom &&
    (r.conditionNow ?? '') === c.conditionNow &&
    (r.location ?? '') === c.location &&
    (r.notes ?? '') === c.notes &&
    r.parts === c.parts &&
    r.minifigs === c.minifigs &&
    r.instructions === c.instructions &&
    r.box === c.box &&
    r.willTrade === c.willTrade &&
    r.modified === c.modified
  )
}
