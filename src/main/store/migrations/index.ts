import type { WriteDb } from '../handles'
import { up as initial } from './0010-initial'
import { up as mediaCache } from './0020-media-cache'
import { up as journalRedo } from './0030-journal-redo'
import { up as ftsOneLetterPrefix } from './0040-fts-one-letter-prefix'
import { up as setInitials } from './0050-set-initials'
import { up as copyIdentity } from './0060-copy-identity'
import { up as outboxSent } from './0070-outbox-sent'
import { up as minifigCatalogue } from './0080-minifig-catalogue'
import { up as savedViews } from './0090-saved-views'
import { up as setCodes } from './0100-set-codes'
import { up as bulkWriteColumns } from './0110-bulk-write-columns'
import { up as watchNotices } from './0120-watch-notices'
import { up as moneySnapshots } from './0130-money-snapshots'
import { up as ledger } from './0140-ledger'
import { up as shelfAudit } from './0150-shelf-audit'
import { up as shelfAuditTravel } from './0160-shelf-audit-travel'

export interface Migration {
  readonly version: number
  readonly name: string
  readonly up: (db: WriteDb) => void
}

/** Every schema step in order; versions go up in steps of 10 and are recorded in user_version. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 10, name: 'initial', up: initial },
  { version: 20, name: 'media-cache', up: mediaCache },
  { version: 30, name: 'journal-redo', up: journalRedo },
  { version: 40, name: 'fts-one-letter-prefix', up: ftsOneLetterPrefix },
  { version: 50, name: 'set-initials', up: setInitials },
  { version: 60, name: 'copy-identity', up: copyIdentity },
  { version: 70, name: 'outbox-sent', up: outboxSent },
  { version: 80, name: 'minifig-catalogue', up: minifigCatalogue },
  { version: 90, name: 'saved-views', up: savedViews },
  { version: 100, name: 'set-codes', up: setCodes },
  { version: 110, name: 'bulk-write-columns', up: bulkWriteColumns },
  { version: 120, name: 'watch-notices', up: watchNotices },
  { version: 130, name: 'money-snapshots', up: moneySnapshots },
  { version: 140, name: 'ledger', up: ledger },
  { version: 150, name: 'shelf-audit', up: shelfAudit },
  { version: 160, name: 'shelf-audit-travel', up: shelfAuditTravel }
]
