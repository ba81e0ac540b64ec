/** The copy ledger's public face: the composition root imports only what is listed here. */
export { createLedgerHandlers, purgeLedger } from './ledger-handlers'
export type { LedgerHandlers } from './ledger-handlers'
export { followLedgerPurge } from './ledger-purge'
export { notDisposedOnly } from './ledger-repo'
