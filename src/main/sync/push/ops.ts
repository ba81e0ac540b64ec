import { AppError } from '../../../shared/errors'
import type { OperationName, ServiceName } from '../../../shared/protocol/operations'
import type { CollectionDetailRecord, SetRecord } from '../../../shared/protocol/records'
import { flagLabelsOf } from '../../../shared/protocol/v3-flag-labels'
import { firstCollectionOf } from '../../../shared/protocol/v3-set-records'
import type { V3Collection } from '../../../shared/protocol/v3-set-records'
import type { CollectionDetailInput, Int, ServiceClient, Text } from '../../service/index'
import { isoOfServiceDate } from '../../../shared/model/service-date'
import type { CopyValue, Edit, MinifigValue, OutboxTarget, SetField } from '../../collection/index'

/**
 * How each kind of outbox row is written to and read back from the service the profile offers
 * (docs/protocol.md §2, §5, §7). Values are compared in one normal form: what the local state holds.
 */

/** Whether the profile's service offers an operation (from its WSDL, read once per round). */
export type Offers = <S extends ServiceName>(service: S, operation: OperationName<S>) => boolean

const bit = (b: unknown): number => (b === true ? 1 : 0)
const unsupported = (what: string): AppError =>
  new AppError('service_error', `This service cannot store ${what}.`, { reason: 'unsupported' })

/** Sets whose reads a round keeps: the latest ones (see ServerReads.mapOf). */
const KEPT_SETS = 64

/** A cache of server reads for one push round; a write drops what it may have changed. */
export class ServerReads {
  /**
   * Reads of one set (keys ending `:<setID>`) are kept apart from reads of no set, so a write
   * drops its set's reads without walking every read of the round: a 5,000-row push did that
   * once a row, and its cost grew with the square of the rows.
   */
  private readonly bySet = new Map<number, Map<string, Promise<unknown>>>()
  private readonly general = new Map<string, Promise<unknown>>()
  constructor(private readonly client: ServiceClient) {}

  private mapOf(key: string): Map<string, Promise<unknown>> {
    const m = /:(\d+)$/.exec(key)
    if (m === null) return this.general
    const setID = Number(m[1])
    let reads = this.bySet.get(setID)
    if (reads === undefined) {
      reads = new Map()
      this.bySet.set(setID, reads)
      // Only the latest sets' reads are kept (a round goes set by set): kept for the whole
      // round, a 5,000-set push's records all lived into the old generation, and the main
      // thread's garbage collections grew with them (issue #25). A set read again is asked again.
      if (this.bySet.size > KEPT_SETS) {
        const oldest = this.bySet.keys().next()
        if (oldest.done !== true) this.bySet.delete(oldest.value)
      }
    }
    return reads
  }

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    const reads = this.mapOf(key)
    let p = reads.get(key) as Promise<T> | undefined
    if (!p) {
      p = load()
      reads.set(key, p)
      p.catch(() => reads.delete(key))
    }
    return p
  }

  forget(setID: number | null): void {
    if (setID === null) this.bySet.clear()
    else this.bySet.delete(setID)
    this.general.clear()
  }

  v2Set(setID: number): Promise<SetRecord | null> {
    return this.once(
      `v2set:${setID}`,
      async () => (await this.client.v2.getSet({ SetID: setID }))[0] ?? null
    )
  }

  /** The set's collection values through v3 (flags, rating); the page is checked by its schema. */
  v3Collection(setID: number): Promise<V3Collection | null> {
    return this.once(`v3set:${setID}`, async () => {
      const page = await this.client.v3.getSets({ params: { setID: String(setID) } })
      return page === null ? null : firstCollectionOf(page)
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
      const out = new Array<string>(8).fill('')
      for (const f of flagLabelsOf(await this.client.v3.getUserFlagLabels())) {
        out[f.flagNo - 1] = f.label
      }
      return out
    })
  }
}

/** v2's record of a set, by local field, in local form (flags are v3's). */
const V2_SET_READS: Readonly<Partial<Record<SetField, (s: SetRecord) => unknown>>> = {
  owned: (s) => s.owned,
  wanted: (s) => s.wanted,
  qtyOwned: (s) => s.qtyOwned,
  notes: (s) => s.userNotes ?? '',
  rating: (s) => Number(s.userRating ?? 0) || 0
}

/** The service's value for a row's field, in local form; undefined when it cannot be read here. */
export async function readServer(
  t: OutboxTarget,
  reads: ServerReads,
  offers: Offers
): Promise<unknown> {
  switch (t.kind) {
    case 'set': {
      const flag = /^flag([1-8])$/.exec(t.field)
      if (flag || (t.field === 'rating' && !offers('v2', 'getSet'))) {
        if (!offers('v3', 'getSets')) return undefined
        const c = await reads.v3Collection(t.setID)
        if (!c) return undefined
        if (t.field === 'rating') return c.rating ?? 0
        // Flags the answer does not show cannot be read back: the write's own answer confirms.
        if (c.flags === null) return undefined
        return (c.flags & (1 << (Number(flag?.[1]) - 1))) !== 0
      }
      const read = V2_SET_READS[t.field]
      if (!read || !offers('v2', 'getSet')) return undefined
      const s = await reads.v2Set(t.setID)
      return s ? read(s) : undefined
    }
    case 'minifig':
      return offers('v2', 'getMinifigCollection') ? reads.minifig(t.minifigNumber) : undefined
    case 'label': {
      if (!offers('v3', 'getUserFlagLabels')) return undefined
      return (await reads.labels())[t.flagNo - 1] ?? ''
    }
    case 'copy':
      return undefined // copies are compared by collectionID in copy.ts
  }
}

// A row's desired value is JSON this app wrote for the field; anything else is refused by the
// parameter encoder (invalid_input), as before the value reaches the wire.
const asInt = (v: unknown): Int => (typeof v === 'number' || typeof v === 'string' ? v : NaN)
const asText = (v: unknown): Text =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : ''

type SetWrite<S extends ServiceName> = readonly [
  OperationName<S>,
  (client: ServiceClient, setID: number, desired: unknown) => Promise<void>
]

/** v2's one-field writes, by local field. */
const V2_SET_WRITES: Readonly<Partial<Record<SetField, SetWrite<'v2'>>>> = {
  owned: ['setCollection_owns', (c, setID, v) => c.v2.setCollection_owns({ setID, owned: bit(v) })],
  wanted: [
    'setCollection_wants',
    (c, setID, v) => c.v2.setCollection_wants({ setID, wanted: bit(v) })
  ],
  qtyOwned: [
    'setCollection_qtyOwned',
    (c, setID, v) => c.v2.setCollection_qtyOwned({ setID, qtyOwned: asInt(v) })
  ],
  notes: [
    'setCollection_userNotes',
    (c, setID, v) => c.v2.setCollection_userNotes({ setID, notes: asText(v) })
  ],
  rating: ['setUserRating', (c, setID, v) => c.v2.setUserRating({ setID, rating: asInt(v) })]
}

/** The earlier service's writes (docs/protocol.md §7), by local field. */
const LEGACY_SET_WRITES: Readonly<Partial<Record<SetField, SetWrite<'legacy'>>>> = {
  owned: ['updateOwn', (c, setID, v) => c.legacy.updateOwn({ setID, own: bit(v) })],
  wanted: ['updateWant', (c, setID, v) => c.legacy.updateWant({ setID, want: bit(v) })],
  qtyOwned: ['updateQtyOwned', (c, setID, v) => c.legacy.updateQtyOwned({ setID, qty: asInt(v) })],
  notes: ['updateUserNotes', (c, setID, v) => c.legacy.updateUserNotes({ setID, notes: asText(v) })]
}

/** Writes one row's desired value with the operation the profile's service offers. */
export async function writeServer(e: Edit, client: ServiceClient, offers: Offers): Promise<void> {
  if (e.kind === 'set') {
    const { setID, field, value: desired } = e
    const flag = /^flag([1-8])$/.exec(field)
    const viaV2 = V2_SET_WRITES[field]
    if (viaV2 && offers('v2', viaV2[0])) {
      await viaV2[1](client, setID, desired)
      return
    }
    if ((flag || field === 'rating' || field === 'notes') && offers('v3', 'setCollection')) {
      const key = flag ? `flag${flag[1] ?? ''}` : field
      // v3 reads an empty note as "unchanged"; a single space clears (docs/protocol.md §5).
      const value = typeof desired === 'boolean' ? bit(desired) : desired === '' ? ' ' : desired
      await client.v3.setCollection({ SetID: setID, params: { [key]: value } })
      return
    }
    const viaLegacy = LEGACY_SET_WRITES[field]
    if (viaLegacy && offers('legacy', viaLegacy[0])) {
      await viaLegacy[1](client, setID, desired)
      return
    }
    throw unsupported(flag ? 'flags' : field)
  }
  if (e.kind === 'minifig') {
    const m = e.value
    if (offers('v2', 'setMinifigCollection')) {
      await client.v2.setMinifigCollection({
        minifigNumber: e.minifigNumber,
        qtyOwned: m.ownedLoose,
        wanted: bit(m.wanted)
      })
    } else if (offers('v3', 'setMinifigCollection')) {
      await client.v3.setMinifigCollection({
        minifigNumber: e.minifigNumber,
        params: { qtyOwned: m.ownedLoose, want: bit(m.wanted) }
      })
    } else throw unsupported('minifigures')
    return
  }
  if (e.kind === 'label') {
    if (!offers('v3', 'setUserFlagLabels')) throw unsupported('flag labels')
    await client.v3.setUserFlagLabels({ params: { [e.flagNo]: e.value } })
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
