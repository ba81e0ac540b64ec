import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { rawSets, v3GetSets } from './production-replay-v3'
import { closeNow } from '../service/close-now'

/**
 * A loopback service made only of recorded production bytes (test/fixtures/production/):
 * the v2 WSDL and the v2 HTTP POST answers as recorded, and the recorded v3 getSets `sets` array.
 * The only bytes not copied from a recording: the v3 wrapper `{"status":"success","matches":N,
 * "sets":[...]}` with its paging (pageSize/pageNumber) and owned/wanted/setID selection of the
 * recorded array, the WSDL's address rewritten to this origin, and `collection` left empty (`{}`)
 * for a v3 request without a userHash, as production answers then. A read refused for its
 * credentials whose own empty answer was not recorded gets the recorded empty answer with the root
 * the recorded WSDL names (listed in `derived`). A case nothing was recorded for gets an empty body
 * (404 for v3, "not offered here", so the client falls back to v2; 500 for v2), listed in `unrecorded`;
 * or, with `unknownV3: 'asmx'`, a v3 operation nothing was recorded for gets what ASP.NET answers
 * for an operation it lacks (docs/protocol.md §4): which one production gives is not recorded.
 *
 * Credentials are the recordings' own (the public `kevintuhumury/brickset_api` specs that made
 * them): apiKey `super-secret`, login `darth-vader` / `i-am-your-father`, which login.xml answers
 * with the userHash `abc123!@#`; checkUserHash of that hash answers `darth-vader` (token_valid.xml).
 */

const FIXTURES = join(__dirname, '../fixtures/production')
const V2_DIR = join(FIXTURES, 'production-v2')
const RESPONSES = join(V2_DIR, 'responses')

export const REPLAY_API_KEY = 'super-secret'
export const REPLAY_USERNAME = 'darth-vader'
export const REPLAY_PASSWORD = 'i-am-your-father'
/** login.xml's answer. */
export const REPLAY_USER_HASH = 'abc123!@#'
/** The recorded success answers are for these parameters (the recording specs' requests). */
const RECORDED_THEME = 'Star Wars'
const RECORDED_DETAIL_SET_ID = '26907'
const RECORDED_INSTRUCTIONS_SET_ID = '5860'
/** The recorded WSDL's addresses: http://brickset.com/api/v2.asmx. */
const RECORDED_ADDRESS = /location="http:\/\/brickset\.com\/api\/v2\.asmx"/g

/** The recorded array, for tests that check what the server's answers were made from. */
export { recordedV3Sets } from './production-replay-v3'

export interface ReplayOptions {
  /** The Content-Type of v3 JSON: production's may be `text/html`; the document says JSON. */
  readonly v3ContentType: string
  /** How a v3 operation without a recording is answered; default `'404'`. */
  readonly unknownV3?: '404' | 'asmx'
}

export interface ReplayServer {
  readonly url: string
  readonly apiKey: string
  readonly username: string
  readonly password: string
  readonly userHash: string
  /**
   * Revocation: the key and/or the userHash stop being accepted, and every answer is the recorded
   * invalid-key / invalid-userHash / no-result one (production's in-band answers, never a fault).
   */
  revoke(what: { apiKey?: boolean; userHash?: boolean }): void
  /** Accepts the recorded credentials again. */
  restore(): void
  /** Every request, as `v2 setCollection_wants`, `v3 getSets`, `WSDL v2`, … in arrival order. */
  readonly requests: readonly string[]
  /** Requests for which no recording exists, answered with an empty body. */
  readonly unrecorded: readonly string[]
  /**
   * Reads refused for their credentials whose own empty answer was not recorded: answered with the
   * recorded empty answer (get_sets_no_result.xml), its root renamed to the one the recorded WSDL
   * names for the operation (e.g. ArrayOfMinifigCollection). Production answers these in band.
   */
  readonly derived: readonly string[]
  close(): Promise<void>
}

const XML = 'text/xml; charset=utf-8'
const UNRECOGNIZED =
  'System.InvalidOperationException: Request format is unrecognized for URL unexpectedly ending in '
const NIL = '(nil)'

/** The recordings are named for their operation: `setCollection_qtyOwned` → `set_collection_qty_owned`. */
function fileOf(op: string): string {
  return op.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
}

function recorded(name: string): Buffer {
  return readFileSync(join(RESPONSES, name))
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** HTTP GET/POST parameters, names lower-cased (production matches them case-insensitively). */
function paramsOf(url: URL, body: string, contentType: string): Map<string, string> {
  const out = new Map<string, string>()
  const add = (p: URLSearchParams): void => {
    for (const [k, v] of p) out.set(k.toLowerCase(), v)
  }
  add(url.searchParams)
  if (contentType.startsWith('application/x-www-form-urlencoded')) add(new URLSearchParams(body))
  return out
}

export async function startReplayServer(options: ReplayOptions): Promise<ReplayServer> {
  const wsdl = readFileSync(join(V2_DIR, 'v2.wsdl'), 'utf8')
  /** A recorded empty answer (production's in-band answer to a read with a refused credential). */
  const NIL_ANSWER = recorded('get_sets_no_result.xml').toString('utf8')
  const v3Sets = rawSets()
  const revoked = { apiKey: false, userHash: false }
  const requests: string[] = []
  const unrecorded: string[] = []
  const derived: string[] = []
  /** The root element the recorded WSDL names for an operation's HTTP POST answer. */
  const nilRoot = (op: string): string | null => {
    const m = new RegExp(
      `<wsdl:message name="${op}HttpPostOut">\\s*<wsdl:part name="Body" element="tns:(ArrayOf\\w+)"`
    ).exec(wsdl)
    return m?.[1] ?? null
  }
  let origin = ''

  const keyOk = (p: Map<string, string>): boolean =>
    !revoked.apiKey && p.get('apikey') === REPLAY_API_KEY
  const hashOk = (p: Map<string, string>): boolean =>
    !revoked.userHash && p.get('userhash') === REPLAY_USER_HASH
  const userOk = (p: Map<string, string>): boolean => keyOk(p) && hashOk(p)
  const flag = (p: Map<string, string>, name: string): boolean =>
    ['1', 'true'].includes((p.get(name) ?? '').toLowerCase())

  /**
   * The recorded file for a v2 operation and case; NIL when production's answer is an empty list
   * that was recorded for another operation only; null when nothing was recorded for it.
   */
  function v2File(op: string, p: Map<string, string>): string | null {
    const either = (ok: boolean, yes: string, no: string | null): string | null => (ok ? yes : no)
    /** `<base>.xml` where the recorded case holds, else production's empty answer to it. */
    const orNoResult = (ok: boolean, base: string): string =>
      ok ? `${base}.xml` : `${base}_no_result.xml`
    const forUser = (base: string, owned: string | null, wanted: string | null): string | null => {
      if (!userOk(p)) return `${base}_no_result.xml`
      if (flag(p, 'owned')) return owned
      if (flag(p, 'wanted')) return wanted
      return `${base}.xml`
    }
    const write = (base: string): string => (userOk(p) ? `${base}.xml` : `${base}_invalid.xml`)
    switch (op) {
      case 'checkKey':
        return either(keyOk(p), 'api_key_valid.xml', 'api_key_invalid.xml')
      case 'login':
        if (!keyOk(p)) return 'api_key_invalid.xml'
        return p.get('username') === REPLAY_USERNAME && p.get('password') === REPLAY_PASSWORD
          ? 'login.xml'
          : 'login_invalid_credentials.xml'
      case 'checkUserHash':
        return either(hashOk(p), 'token_valid.xml', 'token_invalid.xml')
      case 'getSets': {
        // Recorded: the first page of a query asked with a userHash (2 sets).
        const first = Number(p.get('pagenumber') || '1') <= 1
        const hashGiven = (p.get('userhash') ?? '') !== ''
        const ok = keyOk(p) && (!hashGiven || hashOk(p)) && first
        return orNoResult(ok, 'get_sets')
      }
      case 'getSet':
        return 'get_set_no_result.xml'
      case 'getRecentlyUpdatedSets':
        return either(
          keyOk(p),
          'get_recently_updated_sets.xml',
          'get_recently_updated_sets_invalid_key.xml'
        )
      case 'getAdditionalImages':
        return 'get_additional_images_no_result.xml'
      case 'getReviews':
        return 'get_reviews_no_result.xml'
      case 'getInstructions':
        return orNoResult(
          keyOk(p) && p.get('setid') === RECORDED_INSTRUCTIONS_SET_ID,
          'get_instructions'
        )
      case 'getThemes':
        return orNoResult(keyOk(p), 'get_themes')
      case 'getSubthemes':
      case 'getYears':
        return orNoResult(keyOk(p) && p.get('theme') === RECORDED_THEME, fileOf(op))
      case 'getThemesForUser':
      case 'getSubthemesForUser':
        return forUser(fileOf(op), `${fileOf(op)}_owned.xml`, `${fileOf(op)}_wanted.xml`)
      case 'getYearsForUser':
        return forUser('get_years_for_user', NIL, 'get_years_for_user_wanted.xml')
      case 'getUserNotes':
        // Only the no-result answer was recorded.
        return 'get_user_notes_no_result.xml'
      case 'getCollectionTotals':
        return orNoResult(userOk(p), 'get_collection_totals')
      case 'getCollectionDetail':
        return orNoResult(
          userOk(p) && p.get('setid') === RECORDED_DETAIL_SET_ID,
          'get_collection_detail'
        )
      case 'getCollectionDetailConditions':
        return either(keyOk(p), 'get_collection_detail_conditions.xml', NIL)
      case 'getMinifigCollection':
        if (!userOk(p)) return NIL
        return flag(p, 'owned') ? 'get_minifig_collection_owned.xml' : 'get_minifig_collection.xml'
      case 'setCollection':
      case 'setCollection_owns':
      case 'setCollection_wants':
      case 'setCollection_qtyOwned':
      case 'setCollection_userNotes':
      case 'setMinifigCollection':
        return write(fileOf(op))
      case 'setUserRating':
        // Every recorded write refused for its userHash answers these same bytes.
        return either(userOk(p), 'set_user_rating.xml', 'set_collection_invalid.xml')
      default:
        return null
    }
  }

  /** v3 getSets: the recorded array, selected and paged; null when no recording answers it. */
  function v3Answer(p: Map<string, string>): string | null {
    if (!keyOk(p)) return null
    const hashGiven = (p.get('userhash') ?? '') !== ''
    if (hashGiven && !hashOk(p)) return null
    return v3GetSets(v3Sets, p.get('params'), hashGiven)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin)
    const body = await readBody(req)
    const p = paramsOf(url, body, req.headers['content-type'] ?? '')
    const send = (status: number, type: string | null, bytes: string | Buffer): void => {
      res.writeHead(status, type === null ? {} : { 'Content-Type': type })
      res.end(bytes)
    }
    const none = (what: string, status: number): void => {
      unrecorded.push(what)
      send(status, null, '')
    }
    const path = url.pathname.toLowerCase()
    const wantsWsdl = [...url.searchParams.keys()].some((k) => k.toLowerCase() === 'wsdl')
    if (wantsWsdl && (path === '/api/v2.asmx' || path === '/api/v3.asmx')) {
      // No v3 description was recorded. Production's v3 shares v2's namespace and offers getSets
      // over HTTP POST, so the recorded v2 description stands in, its address pointing here.
      const service = path === '/api/v2.asmx' ? 'v2' : 'v3'
      requests.push(`WSDL ${service}`)
      send(200, XML, wsdl.replace(RECORDED_ADDRESS, `location="${origin}/api/${service}.asmx"`))
      return
    }
    const m = /^\/api\/(v2|v3)\.asmx\/([A-Za-z_]+)$/.exec(url.pathname)
    if (m === null || req.method === 'PUT' || req.method === 'DELETE') {
      requests.push(`${req.method ?? '?'} ${url.pathname}`)
      none(`${req.method ?? '?'} ${url.pathname}`, 404)
      return
    }
    const [, service = '', op = ''] = m
    const label = `${service} ${op}`
    requests.push(label)
    if (service === 'v3') {
      const json = op === 'getSets' ? v3Answer(p) : null
      if (json !== null) send(200, options.v3ContentType, json)
      else if (options.unknownV3 !== 'asmx') none(label, 404)
      else {
        unrecorded.push(label)
        send(500, 'text/plain; charset=utf-8', `${UNRECOGNIZED}'/${op}'.`)
      }
      return
    }
    const file = v2File(op, p)
    if (file === null) none(label, 500)
    else if (file === NIL) {
      const root = nilRoot(op)
      if (root === null) none(label, 500)
      else {
        derived.push(label)
        send(200, XML, NIL_ANSWER.replaceAll('ArrayOfSets', root))
      }
    } else send(200, XML, recorded(file))
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      res.writeHead(500)
      res.end()
      unrecorded.push(`crash: ${String(e)}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: origin,
    apiKey: REPLAY_API_KEY,
    username: REPLAY_USERNAME,
    password: REPLAY_PASSWORD,
    userHash: REPLAY_USER_HASH,
    revoke(what) {
      revoked.apiKey = what.apiKey ?? revoked.apiKey
      revoked.userHash = what.userHash ?? revoked.userHash
    },
    restore() {
      revoked.apiKey = false
      revoked.userHash = false
    },
    requests,
    unrecorded,
    derived,
    close: () => closeNow(server)
  }
}
