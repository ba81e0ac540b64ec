import { z } from 'zod'
import { parseJson } from '../../shared/parse-json'
import type { Binding, ServiceName } from '../../shared/protocol/operations'
import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { sql } from '../store/sql'

type ProfileKind = 'demo' | 'custom'

export interface ProfileRecord {
  readonly id: number
  readonly kind: ProfileKind
  readonly label: string
  readonly baseUrl: string
  readonly binding: 'auto' | Binding
  readonly paths: Partial<Record<ServiceName, string>>
  /** Discovered from the service's WSDL, cached; null until discovered. */
  readonly namespaces: { readonly api?: string; readonly legacy?: string } | null
  readonly username: string | null
}

interface ProfileRow {
  id: number
  kind: ProfileKind
  label: string
  base_url: string
  binding: string
  paths: string
  namespaces: string | null
  username: string | null
}

/**
 * Stored JSON checked with `schema`, or `fallback` when the text no longer parses or holds another
 * shape (edited by hand, damaged, from a backup): a profile still opens on its defaults.
 */
function parsedOr<S extends z.ZodType>(
  schema: S,
  text: string | null,
  fallback: z.output<S>
): z.output<S> {
  if (text === null) return fallback
  const r = parseJson(schema, text)
  return r.ok ? r.value : fallback
}

/** Types only: whether a stored path can be used is the profile rules' to say, not the reader's. */
const storedPaths = z.partialRecord(z.enum(['v2', 'v3', 'legacy']), z.string())
const storedNamespaces = z.object({
  api: z.string().exactOptional(),
  legacy: z.string().exactOptional()
})

/**
 * Never throws: a row is read as stored, and whether its settings can be used is decided by the
 * profile rules (a damaged row must not stop the app from starting). Unreadable `paths` fall back
 * to the service's default paths; unreadable `namespaces` are discovered again.
 */
function fromRow(r: ProfileRow): ProfileRecord {
  return {
    id: r.id,
    kind: r.kind,
    label: r.label,
    baseUrl: r.base_url,
    binding: r.binding as ProfileRecord['binding'],
    paths: parsedOr(storedPaths, r.paths, {}),
    namespaces: parsedOr(storedNamespaces.nullable(), r.namespaces, null),
    username: r.username
  }
}

export function getProfile(db: ReadDb, id: number): ProfileRecord | null {
  const row = get<ProfileRow>(db, sql`SELECT * FROM profiles WHERE id = ${id}`)
  return row ? fromRow(row) : null
}

export interface ProfileInput {
  readonly kind: ProfileKind
  readonly label: string
  readonly baseUrl: string
  readonly binding: 'auto' | Binding
  readonly paths: Partial<Record<ServiceName, string>>
}

/** The profile for (kind, baseUrl), created or updated; one service keeps one profile and its data. */
export function upsertProfile(db: WriteDb, p: ProfileInput, now: string): ProfileRecord {
  const paths = JSON.stringify(p.paths)
  run(
    db,
    sql`INSERT INTO profiles (kind, label, base_url, binding, paths, created_at)
        VALUES (${p.kind}, ${p.label}, ${p.baseUrl}, ${p.binding}, ${paths}, ${now})
        ON CONFLICT (kind, base_url) DO UPDATE SET
          label = excluded.label, binding = excluded.binding, paths = excluded.paths`
  )
  const row = get<ProfileRow>(
    db,
    sql`SELECT * FROM profiles WHERE kind = ${p.kind} AND base_url = ${p.baseUrl}`
  )
  if (!row) throw new Error('profile vanished after upsert')
  return fromRow(row)
}

/** Every saved service profile (a handful): to find one by its address written another way. */
export function customProfiles(db: ReadDb): ProfileRecord[] {
  return all<ProfileRow>(db, sql`SELECT * FROM profiles WHERE kind = 'custom' ORDER BY id`).map(
    fromRow
  )
}

export function setProfileUsername(db: WriteDb, id: number, username: string | null): void {
  run(db, sql`UPDATE profiles SET username = ${username} WHERE id = ${id}`)
}
