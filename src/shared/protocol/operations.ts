import type { RecordName } from './records'
import type { XsdType } from './xsd'

/**
 * The operation table: every operation of the service interface and docs/protocol.md §2/§5/§7, with exact parameter
 * casing, order and types. Client, reference service and WSDL are all generated from it.
 */

export type ServiceName = 'v2' | 'v3' | 'legacy'
export type Binding = 'soap11' | 'soap12' | 'httpGet' | 'httpPost'
export const ALL_BINDINGS = [
  'soap11',
  'soap12',
  'httpGet',
  'httpPost'
] as const satisfies readonly Binding[]
export const SOAP_ONLY = ['soap11', 'soap12'] as const satisfies readonly Binding[]

export interface ParamDef {
  readonly name: string
  /** XSD type in the SOAP binding; HTTP GET/POST always send text. */
  readonly type: XsdType | { readonly record: RecordName }
}

export type ResultDef =
  | { readonly kind: 'list'; readonly record: RecordName }
  | { readonly kind: 'single'; readonly record: RecordName }
  | { readonly kind: 'string' }
  | { readonly kind: 'int' }
  /** v3: JSON over HTTP GET/POST, an empty `<opResponse/>` over SOAP (the service interface, docs/protocol.md §5). */
  | { readonly kind: 'json'; readonly write: boolean }

export interface OperationDef {
  readonly service: ServiceName
  readonly name: string
  readonly params: readonly ParamDef[]
  readonly result: ResultDef
  readonly bindings: readonly Binding[]
  /** Not in the interface document: observed in production or added by docs/protocol.md. */
  readonly origin: 'spec' | 'production' | 'protocol'
}

const s = (name: string): ParamDef => ({ name, type: 'string' })
const i = (name: string): ParamDef => ({ name, type: 'int' })
const list = (record: RecordName): ResultDef => ({ kind: 'list', record })
const STRING: ResultDef = { kind: 'string' }
const INT: ResultDef = { kind: 'int' }
const JSON_READ: ResultDef = { kind: 'json', write: false }
const JSON_WRITE: ResultDef = { kind: 'json', write: true }

function op(
  service: ServiceName,
  name: string,
  params: readonly ParamDef[],
  result: ResultDef,
  extra: { bindings?: readonly Binding[]; origin?: OperationDef['origin'] } = {}
): OperationDef {
  return {
    service,
    name,
    params,
    result,
    bindings: extra.bindings ?? ALL_BINDINGS,
    origin: extra.origin ?? 'spec'
  }
}

const USER_FILTER = [s('userHash'), s('owned'), s('wanted')]

export const V2_OPERATIONS: readonly OperationDef[] = [
  op(
    'v2',
    'getSets',
    [
      'apiKey',
      'userHash',
      'query',
      'theme',
      'subtheme',
      'setNumber',
      'year',
      'owned',
      'wanted',
      'orderBy',
      'pageSize',
      'pageNumber',
      'userName'
    ].map(s),
    list('sets')
  ),
  op('v2', 'getSet', [s('apiKey'), s('userHash'), s('SetID')], list('sets')),
  op('v2', 'getRecentlyUpdatedSets', [s('apiKey'), i('minutesAgo')], list('sets')),
  op('v2', 'getAdditionalImages', [s('apiKey'), i('setID')], list('additionalImages')),
  op('v2', 'getReviews', [s('apiKey'), i('setID')], list('reviews')),
  op('v2', 'getInstructions', [s('apiKey'), i('setID')], list('instructions')),
  op(
    'v2',
    'getMinifigCollection',
    [s('apiKey'), s('userHash'), s('query'), s('owned'), s('wanted')],
    list('minifigCollection')
  ),
  op('v2', 'getThemes', [s('apiKey')], list('themes')),
  op('v2', 'getSubthemes', [s('apiKey'), s('theme')], list('subthemes')),
  op('v2', 'getYears', [s('apiKey'), s('theme')], list('years')),
  op('v2', 'getThemesForUser', [s('apiKey'), ...USER_FILTER], list('themes'), {
    origin: 'production'
  }),
  op('v2', 'getSubthemesForUser', [s('apiKey'), s('theme'), ...USER_FILTER], list('subthemes'), {
    origin: 'production'
  }),
  op('v2', 'getYearsForUser', [s('apiKey'), s('theme'), ...USER_FILTER], list('years'), {
    origin: 'production'
  }),
  op('v2', 'getUserNotes', [s('apiKey'), s('userHash')], list('userNotes')),
  op('v2', 'getCollectionTotals', [s('apiKey'), s('userHash')], {
    kind: 'single',
    record: 'collectionTotals'
  }),
  op(
    'v2',
    'setCollection',
    [s('apiKey'), s('userHash'), i('setID'), i('qtyOwned'), i('wanted')],
    STRING
  ),
  op('v2', 'setCollection_owns', [s('apiKey'), s('userHash'), i('setID'), i('owned')], STRING),
  op('v2', 'setCollection_wants', [s('apiKey'), s('userHash'), i('setID'), i('wanted')], STRING),
  op('v2', 'setCollection_userNotes', [s('apiKey'), s('userHash'), i('setID'), s('notes')], STRING),
  op(
    'v2',
    'setCollection_qtyOwned',
    [s('apiKey'), s('userHash'), i('setID'), i('qtyOwned')],
    STRING
  ),
  op('v2', 'setUserRating', [s('apiKey'), s('userHash'), i('setID'), i('rating')], STRING, {
    origin: 'production'
  }),
  op(
    'v2',
    'setMinifigCollection',
    [s('apiKey'), s('userHash'), s('minifigNumber'), i('qtyOwned'), i('wanted')],
    STRING
  ),
  op('v2', 'login', [s('apiKey'), s('username'), s('password')], STRING),
  op(
    'v2',
    'setCollectionDetail',
    [s('apiKey'), s('userHash'), { name: 'detail', type: { record: 'collectionDetails' } }],
    STRING,
    { bindings: SOAP_ONLY, origin: 'production' }
  ),
  op(
    'v2',
    'getCollectionDetail',
    [s('apiKey'), s('userHash'), s('SetID')],
    list('collectionDetails')
  ),
  op('v2', 'getCollectionDetailConditions', [s('apiKey'), s('which')], list('conditions')),
  op('v2', 'checkKey', [s('apiKey')], STRING),
  op('v2', 'checkUserHash', [s('userHash')], STRING, { origin: 'production' })
]

export const V3_OPERATIONS: readonly OperationDef[] = [
  op('v3', 'getReviews', [s('apiKey'), i('setID')], JSON_READ),
  op('v3', 'getInstructions2', [s('apiKey'), s('setNumber')], JSON_READ),
  op('v3', 'getMinifigCollection', [s('apiKey'), s('userHash'), s('Params')], JSON_READ),
  op(
    'v3',
    'setMinifigCollection',
    [s('apiKey'), s('userHash'), s('minifigNumber'), s('params')],
    JSON_WRITE
  ),
  op('v3', 'setCollection', [s('apiKey'), s('userHash'), i('SetID'), s('params')], JSON_WRITE),
  op('v3', 'getUserFlagLabels', [s('apiKey'), s('userHash')], JSON_READ),
  op('v3', 'setUserFlagLabels', [s('apiKey'), s('userHash'), s('params')], JSON_WRITE),
  // Offered by the reference service so a client can read the flags setCollection writes (docs/protocol.md §2).
  op('v3', 'getSets', [s('apiKey'), s('userHash'), s('params')], JSON_READ, { origin: 'protocol' }),
  // Production's further v3 operations (docs/protocol.md §5); parameter names as its public clients send them.
  ...(
    [
      ['checkKey', [s('apiKey')]],
      ['login', [s('apiKey'), s('username'), s('password')]],
      ['checkUserHash', [s('apiKey'), s('userHash')]],
      ['getKeyUsageStats', [s('apiKey')]],
      ['getThemes', [s('apiKey')]],
      ['getSubthemes', [s('apiKey'), s('Theme')]],
      ['getYears', [s('apiKey'), s('Theme')]],
      ['getAdditionalImages', [s('apiKey'), i('setID')]],
      ['getInstructions', [s('apiKey'), i('setID')]],
      ['getUserNotes', [s('apiKey'), s('userHash')]],
      ['getUserMinifigNotes', [s('apiKey'), s('userHash')]]
    ] as const
  ).map(([name, params]) => op('v3', name, params, JSON_READ, { origin: 'production' }))
]

const LEGACY_SEARCH = ['query', 'theme', 'subtheme', 'setNumber', 'year']

export const LEGACY_OPERATIONS: readonly OperationDef[] = [
  op(
    'legacy',
    'search2',
    ['apiKey', 'userName', ...LEGACY_SEARCH, 'owned', 'wanted', 'orderBy', 'numberOfRecords'].map(
      s
    ),
    list('setData')
  ),
  op(
    'legacy',
    'search',
    ['apiKey', 'userHash', ...LEGACY_SEARCH, 'Owned', 'Wanted'].map(s),
    list('setData')
  ),
  op('legacy', 'searchBySetID', [s('SetID')], list('setData')),
  op('legacy', 'updatedSince', [s('apiKey'), s('sinceDate')], list('setData')),
  op('legacy', 'login', [s('u'), s('p')], STRING),
  op('legacy', 'updateOwn', [s('userHash'), i('setID'), i('own')], INT),
  op('legacy', 'updateWant', [s('userHash'), i('setID'), i('want')], INT),
  op('legacy', 'updateUserNotes', [s('userHash'), i('setID'), s('notes')], INT),
  op('legacy', 'updateQtyOwned', [s('userHash'), i('setID'), i('qty')], INT),
  op('legacy', 'listThemes', [], list('themeData')),
  op('legacy', 'listSubthemes', [s('theme')], list('subthemeData'))
]

export const OPERATIONS: readonly OperationDef[] = [
  ...V2_OPERATIONS,
  ...V3_OPERATIONS,
  ...LEGACY_OPERATIONS
]

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
