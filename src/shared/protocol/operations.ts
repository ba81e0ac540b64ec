import type { RecordName } from './records'
import type { XsdType } from './xsd'
import {
  HASH,
  int,
  json,
  JSON_ACK,
  JSON_READ,
  KEY,
  LEGACY_SEARCH,
  list,
  needText,
  OK,
  ONE,
  record,
  single,
  STRING,
  text,
  productionRead,
  USER_FILTER,
  userWrite
} from './operation-params'

/**
 * The operation table: every operation of the service interface and docs/protocol.md §2/§5/§7, with
 * exact parameter casing, order and types, what the caller must give, what comes back and whether
 * it writes. Client (its typed calls are derived from it, `operation-types.ts`), reference service
 * and WSDL are all driven by it.
 */

export type ServiceName = 'v2' | 'v3' | 'legacy'
export const SERVICE_NAMES = ['v2', 'v3', 'legacy'] as const satisfies readonly ServiceName[]
export type Binding = 'soap11' | 'soap12' | 'httpGet' | 'httpPost'
export const ALL_BINDINGS = [
  'soap11',
  'soap12',
  'httpGet',
  'httpPost'
] as const satisfies readonly Binding[]
const SOAP_ONLY = ['soap11', 'soap12'] as const satisfies readonly Binding[]

export interface ParamDef {
  readonly name: string
  /** XSD type in the SOAP binding; HTTP GET/POST always send text. */
  readonly type: XsdType | { readonly record: RecordName }
  /**
   * The caller must give it. Ints always (there is no blank number to send); a string only where
   * the operation means nothing without it. apiKey and userHash never: the client fills them from
   * the profile. An absent string goes as blank text (docs/protocol.md §3).
   */
  readonly required: boolean
  /** JSON text (v3 `params`, docs/protocol.md §5): an object given here is sent as its JSON. */
  readonly json?: true
}

/**
 * `ack`: the answer only acknowledges (string `OK`, int `1`, v3 `status: success`, docs/protocol.md
 * §4/§5/§7); anything else is an error, and a typed call resolves with nothing.
 */
export type ResultDef =
  | { readonly kind: 'list'; readonly record: RecordName }
  | { readonly kind: 'single'; readonly record: RecordName }
  | { readonly kind: 'string'; readonly ack?: true }
  | { readonly kind: 'int'; readonly ack?: true }
  /** v3: JSON over HTTP GET/POST, an empty `<opResponse/>` over SOAP (docs/protocol.md §5). */
  | { readonly kind: 'json'; readonly ack?: true }

/** One row of the table, keyed by its operation name under its service. */
export interface OperationSpec {
  readonly params: readonly ParamDef[]
  readonly result: ResultDef
  /**
   * Changes the user's data on the service. A write is never retried after a transient failure:
   * the service may have applied it before the answer was lost.
   */
  readonly write: boolean
  /** Default: all four. */
  readonly bindings?: readonly Binding[]
  /** Not in the interface document: observed in production or added by docs/protocol.md. Default 'spec'. */
  readonly origin?: 'spec' | 'production' | 'protocol'
}

/** A table row with its service and name, defaults filled in: what the engines work from. */
export interface OperationDef extends OperationSpec {
  readonly service: ServiceName
  readonly name: string
  readonly bindings: readonly Binding[]
  readonly origin: 'spec' | 'production' | 'protocol'
}

const OPERATION_TABLE = {
  v2: {
    getSets: {
      params: [
        KEY,
        HASH,
        text('query'),
        text('theme'),
        text('subtheme'),
        text('setNumber'),
        text('year'),
        text('owned'),
        text('wanted'),
        text('orderBy'),
        text('pageSize'),
        text('pageNumber'),
        text('userName')
      ],
      result: list('sets'),
      write: false
    },
    getSet: { params: [KEY, HASH, needText('SetID')], result: list('sets'), write: false },
    getRecentlyUpdatedSets: {
      params: [KEY, int('minutesAgo')],
      result: list('sets'),
      write: false
    },
    getAdditionalImages: {
      params: [KEY, int('setID')],
      result: list('additionalImages'),
      write: false
    },
    getReviews: { params: [KEY, int('setID')], result: list('reviews'), write: false },
    getInstructions: { params: [KEY, int('setID')], result: list('instructions'), write: false },
    getMinifigCollection: {
      params: [KEY, HASH, text('query'), text('owned'), text('wanted')],
      result: list('minifigCollection'),
      write: false
    },
    getThemes: { params: [KEY], result: list('themes'), write: false },
    getSubthemes: { params: [KEY, needText('theme')], result: list('subthemes'), write: false },
    getYears: { params: [KEY, text('theme')], result: list('years'), write: false },
    getThemesForUser: {
      params: [KEY, ...USER_FILTER],
      result: list('themes'),
      write: false,
      origin: 'production'
    },
    getSubthemesForUser: {
      params: [KEY, needText('theme'), ...USER_FILTER],
      result: list('subthemes'),
      write: false,
      origin: 'production'
    },
    getYearsForUser: {
      params: [KEY, text('theme'), ...USER_FILTER],
      result: list('years'),
      write: false,
      origin: 'production'
    },
    getUserNotes: { params: [KEY, HASH], result: list('userNotes'), write: false },
    getCollectionTotals: {
      params: [KEY, HASH],
      result: single('collectionTotals'),
      write: false
    },
    setCollection: userWrite(int('setID'), int('qtyOwned'), int('wanted')),
    setCollection_owns: userWrite(int('setID'), int('owned')),
    setCollection_wants: userWrite(int('setID'), int('wanted')),
    setCollection_userNotes: userWrite(int('setID'), needText('notes')),
    setCollection_qtyOwned: userWrite(int('setID'), int('qtyOwned')),
    setUserRating: { ...userWrite(int('setID'), int('rating')), origin: 'production' },
    setMinifigCollection: userWrite(needText('minifigNumber'), int('qtyOwned'), int('wanted')),
    /** Answers the userHash, opaque. */
    login: {
      params: [KEY, needText('username'), needText('password')],
      result: STRING,
      write: false
    },
    /** collectionID 0 would add a copy; the client only writes ids it read (docs/protocol.md §2). */
    setCollectionDetail: {
      params: [KEY, HASH, record('detail', 'collectionDetails')],
      result: OK,
      write: true,
      bindings: SOAP_ONLY,
      origin: 'production'
    },
    getCollectionDetail: {
      params: [KEY, HASH, needText('SetID')],
      result: list('collectionDetails'),
      write: false
    },
    getCollectionDetailConditions: {
      params: [KEY, text('which')],
      result: list('conditions'),
      write: false
    },
    /** Refuses with invalid_key. */
    checkKey: { params: [KEY], result: OK, write: false },
    /** Answers the user's name; refuses with invalid_user_hash. */
    checkUserHash: { params: [HASH], result: STRING, write: false, origin: 'production' }
  },
  // v3 reads answer null for an empty body ("no data", docs/protocol.md §5).
  v3: {
    getReviews: { params: [KEY, int('setID')], result: JSON_READ, write: false },
    getInstructions2: { params: [KEY, needText('setNumber')], result: JSON_READ, write: false },
    getMinifigCollection: {
      params: [KEY, HASH, json('Params', false)],
      result: JSON_READ,
      write: false
    },
    setMinifigCollection: {
      params: [KEY, HASH, needText('minifigNumber'), json('params', true)],
      result: JSON_ACK,
      write: true
    },
    setCollection: {
      params: [KEY, HASH, int('SetID'), json('params', true)],
      result: JSON_ACK,
      write: true
    },
    getUserFlagLabels: { params: [KEY, HASH], result: JSON_READ, write: false },
    setUserFlagLabels: {
      params: [KEY, HASH, json('params', true)],
      result: JSON_ACK,
      write: true
    },
    // Offered by the reference service so a client can read the flags setCollection writes (docs/protocol.md §2).
    getSets: {
      params: [KEY, HASH, json('params', false)],
      result: JSON_READ,
      write: false,
      origin: 'protocol'
    },
    // Offered by the reference service: the catalogue's figures with the sets each comes in (docs/protocol.md §5b).
    getMinifigs: {
      params: [KEY, json('params', false)],
      result: JSON_READ,
      write: false,
      origin: 'protocol'
    },
    // Production's further v3 operations (docs/protocol.md §5); parameter names as its public clients send them.
    checkKey: { params: [KEY], result: JSON_ACK, write: false, origin: 'production' },
    /** `hash` is the userHash, opaque. */
    login: productionRead(KEY, needText('username'), needText('password')),
    checkUserHash: productionRead(KEY, HASH),
    getKeyUsageStats: productionRead(KEY),
    getThemes: productionRead(KEY),
    getSubthemes: productionRead(KEY, needText('Theme')),
    getYears: productionRead(KEY, text('Theme')),
    getAdditionalImages: productionRead(KEY, int('setID')),
    getInstructions: productionRead(KEY, int('setID')),
    getUserNotes: productionRead(KEY, HASH),
    getUserMinifigNotes: productionRead(KEY, HASH)
  },
  legacy: {
    search2: {
      params: [
        KEY,
        text('userName'),
        ...LEGACY_SEARCH,
        text('owned'),
        text('wanted'),
        text('orderBy'),
        text('numberOfRecords')
      ],
      result: list('setData'),
      write: false
    },
    search: {
      params: [KEY, HASH, ...LEGACY_SEARCH, text('Owned'), text('Wanted')],
      result: list('setData'),
      write: false
    },
    searchBySetID: { params: [needText('SetID')], result: list('setData'), write: false },
    updatedSince: {
      params: [KEY, needText('sinceDate')],
      result: list('setData'),
      write: false
    },
    /** Answers the userHash; an empty answer is invalid_credentials. */
    login: { params: [needText('u'), needText('p')], result: STRING, write: false },
    updateOwn: { params: [HASH, int('setID'), int('own')], result: ONE, write: true },
    updateWant: { params: [HASH, int('setID'), int('want')], result: ONE, write: true },
    updateUserNotes: {
      params: [HASH, int('setID'), needText('notes')],
      result: ONE,
      write: true
    },
    updateQtyOwned: { params: [HASH, int('setID'), int('qty')], result: ONE, write: true },
    listThemes: { params: [], result: list('themeData'), write: false },
    listSubthemes: {
      params: [needText('theme')],
      result: list('subthemeData'),
      write: false
    }
  }
} as const satisfies { readonly [S in ServiceName]: Readonly<Record<string, OperationSpec>> }

export type OperationTable = typeof OPERATION_TABLE
export type OperationName<S extends ServiceName> = keyof OperationTable[S] & string

function rowsOf(service: ServiceName): readonly OperationDef[] {
  const specs: Readonly<Record<string, OperationSpec>> = OPERATION_TABLE[service]
  return Object.entries(specs).map(([name, spec]) => ({
    ...spec,
    service,
    name,
    bindings: spec.bindings ?? ALL_BINDINGS,
    origin: spec.origin ?? 'spec'
  }))
}

export const V2_OPERATIONS: readonly OperationDef[] = rowsOf('v2')
const V3_OPERATIONS: readonly OperationDef[] = rowsOf('v3')
export const LEGACY_OPERATIONS: readonly OperationDef[] = rowsOf('legacy')
export const OPERATIONS: readonly OperationDef[] = [
  ...V2_OPERATIONS,
  ...V3_OPERATIONS,
  ...LEGACY_OPERATIONS
]

/** The answer only acknowledges: checked in-band, and a typed call resolves with nothing. */
export function acknowledges(op: OperationDef): boolean {
  return op.result.kind !== 'list' && op.result.kind !== 'single' && op.result.ack === true
}

export function operationsOf(service: ServiceName): readonly OperationDef[] {
  return OPERATIONS.filter((o) => o.service === service)
}

export function findOperation(service: ServiceName, name: string): OperationDef | undefined {
  return OPERATIONS.find((o) => o.service === service && o.name === name)
}

/** Default paths (docs/protocol.md §1); a profile may override each. */
export const DEFAULT_PATHS: Readonly<Record<ServiceName, string>> = {
  v2: '/api/v2.asmx',
  v3: '/api/v3.asmx',
  legacy: '/webservices/catalogue.asmx'
}

/** The reference service's default namespaces; real deployments are discovered from their WSDL. */
export const DEFAULT_NAMESPACES = {
  api: 'urn:studbook:catalogue:api/',
  legacy: 'urn:studbook:catalogue:legacy/'
} as const
