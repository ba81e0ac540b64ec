import type { LocalTable } from '../local-table'
import * as registered from './registered'

/** Every registered local table (registered.ts), in name order so backups and files are stable. */
export const LOCAL_TABLES: readonly LocalTable[] = Object.values(registered).sort((a, b) =>
  a.name.localeCompare(b.name)
)

const names = new Set(LOCAL_TABLES.map((t) => t.name))
if (names.size !== LOCAL_TABLES.length) throw new Error('a local table is registered twice')
